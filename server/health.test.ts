import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

const SECRET = "sk_ready_test_do_not_print_7f3e";

/** A stand-in payments API whose `POST /auth` refuses the business's credentials. */
let refusingApi: Server;
let authCalls = 0;
beforeAll(async () => {
  refusingApi = createServer((req, res) => {
    if (req.url?.endsWith("/auth")) authCalls++;
    res.writeHead(401, { "Content-Type": "application/json" }).end(JSON.stringify({ message: "invalid credentials" }));
  });
  await new Promise<void>((resolve) => refusingApi.listen(0, "127.0.0.1", resolve));
  // The working database, opened (migrated, demo accounts made) once for the file: that is slow.
  await (await import("@/server/db/client")).db();
}, 120_000);
afterAll(() => new Promise<void>((resolve) => refusingApi.close(() => resolve())));

const processWide = globalThis as unknown as { __db?: unknown; __upstream?: unknown };
const baseDatabaseUrl = process.env.DATABASE_URL!;

/** The ready route of a freshly started instance with these variables on top of the test ones. */
async function readyWith(vars: Record<string, string>): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  vi.resetModules();
  delete processWide.__upstream;
  for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v);
  // As start-up does (instrumentation): the database is opened before the first request.
  await (await import("@/server/db/client")).db().catch(() => undefined);
  const { GET } = await import("@/app/api/ready/route");
  const res = await GET(new Request("http://localhost:3000/api/ready"));
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Record<string, unknown>, text };
}

afterEach(() => {
  vi.unstubAllEnvs();
  delete processWide.__upstream;
});

describe("GET /api/ready", { timeout: 60_000 }, () => {
  it("answers 200 when the database answers and a token can be had", async () => {
    const { status, body } = await readyWith({ DATABASE_URL: baseDatabaseUrl });
    expect(status).toBe(200);
    expect(body).toEqual({ ready: true, checks: { database: "ok", upstream_auth: "ok" }, failed: [] });
  });

  it("answers 503 naming the database when it does not answer, without its address", async () => {
    // The other tests share the working database, opened once: opening one is slow.
    const working = processWide.__db;
    delete processWide.__db;
    const { status, body, text } = await readyWith({ DATABASE_URL: "postgres://ready_user:db_pw_9x@127.0.0.1:1/unreachable" }).finally(
      () => {
        processWide.__db = working;
      },
    );
    expect(status).toBe(503);
    expect(body).toMatchObject({ ready: false, checks: { database: "failed", upstream_auth: "ok" }, failed: ["database"] });
    expect(text).not.toContain("db_pw_9x");
    expect(text).not.toContain("127.0.0.1");
  });

  it("answers 503 naming the upstream's auth when the credentials are refused, without the secret", async () => {
    const port = (refusingApi.address() as AddressInfo).port;
    const before = authCalls;
    const { status, body, text } = await readyWith({
      DATABASE_URL: baseDatabaseUrl,
      BUSINESS_API_BASE_URL: `http://127.0.0.1:${port}/api/v1`,
      BUSINESS_ID: "biz_ready",
      BUSINESS_SECRET_KEY: SECRET,
    });
    expect(authCalls).toBeGreaterThan(before);
    expect(status).toBe(503);
    expect(body).toMatchObject({ ready: false, checks: { database: "ok", upstream_auth: "failed" }, failed: ["upstream_auth"] });
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("biz_ready");
  });

  it("answers 503 while the instance is stopping, so the balancer sends traffic elsewhere", async () => {
    vi.resetModules();
    const shutdown = await import("@/server/ops/shutdown");
    const handlers = new Map<string, (signal: NodeJS.Signals) => void>();
    shutdown.installShutdown({
      close: async () => {},
      log: { info: () => {}, warn: () => {}, error: () => {} },
      proc: {
        once: ((event: string, fn: (s: NodeJS.Signals) => void) => handlers.set(event, fn)) as unknown as NodeJS.Process["once"],
        exit: (() => {}) as NodeJS.Process["exit"],
      },
    });
    handlers.get("SIGTERM")!("SIGTERM");
    try {
      const { status, body } = await readyWith({ DATABASE_URL: baseDatabaseUrl });
      expect(status).toBe(503);
      expect(body).toMatchObject({ failed: ["shutting_down"] });
    } finally {
      delete (globalThis as unknown as { __shutdown?: unknown }).__shutdown;
    }
  });
});
