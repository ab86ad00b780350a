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

type Answer = { status: number; body: Record<string, unknown>; text: string };

/** A freshly started instance with these variables on top of the test ones (its modules and upstream client new). */
async function startWith(vars: Record<string, string>): Promise<void> {
  vi.resetModules();
  delete processWide.__upstream;
  for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v);
  // As start-up does (instrumentation): the database is opened before the first request.
  await (await import("@/server/db/client")).db().catch(() => undefined);
}

/** One probe of the instance started last. */
async function probe(route: "ready" | "health"): Promise<Answer> {
  const { GET } = route === "ready" ? await import("@/app/api/ready/route") : await import("@/app/api/health/route");
  const res = await GET(new Request(`http://localhost:3000/api/${route}`));
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Record<string, unknown>, text };
}

async function readyWith(vars: Record<string, string>): Promise<Answer> {
  await startWith(vars);
  return probe("ready");
}

/** The stand-in API that refuses the business's credentials, as the instance's upstream. */
const refusingUpstream = () => ({
  BUSINESS_API_BASE_URL: `http://127.0.0.1:${(refusingApi.address() as AddressInfo).port}/api/v1`,
  BUSINESS_ID: "biz_ready",
  BUSINESS_SECRET_KEY: SECRET,
});

/** The working database is shared by the tests (opening one is slow); this runs `fn` with an unreachable one instead. */
async function withUnreachableDatabase<T>(fn: () => Promise<T>): Promise<T> {
  const working = processWide.__db;
  delete processWide.__db;
  try {
    return await fn();
  } finally {
    processWide.__db = working;
  }
}
const UNREACHABLE = "postgres://ready_user:db_pw_9x@127.0.0.1:1/unreachable";

afterEach(() => {
  vi.unstubAllEnvs();
  delete processWide.__upstream;
});

describe("GET /api/ready", { timeout: 60_000 }, () => {
  it("answers 200 when the database answers, the upstream unknown before any call", async () => {
    const { status, body } = await readyWith({ DATABASE_URL: baseDatabaseUrl });
    expect(status).toBe(200);
    expect(body).toEqual({ ready: true, checks: { database: "ok" }, failed: [], upstream: "unknown" });
  });

  it("answers 503 naming the database when it does not answer, without its address", async () => {
    const { status, body, text } = await withUnreachableDatabase(() => readyWith({ DATABASE_URL: UNREACHABLE }));
    expect(status).toBe(503);
    expect(body).toMatchObject({ ready: false, checks: { database: "failed" }, failed: ["database"] });
    expect(text).not.toContain("db_pw_9x");
    expect(text).not.toContain("127.0.0.1");
  });

  it("stays 200 when the payments API refuses the credentials, and no probe sends POST /auth", async () => {
    const before = authCalls;
    await startWith({ DATABASE_URL: baseDatabaseUrl, ...refusingUpstream() });
    for (let i = 0; i < 3; i++) {
      const { status, body, text } = await probe("ready");
      expect(status).toBe(200);
      expect(body).toEqual({ ready: true, checks: { database: "ok" }, failed: [], upstream: "unknown" });
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain("biz_ready");
    }
    expect(authCalls).toBe(before);
  });

  it("reports a refused key as the upstream's state, from the instance's own calls, and stays ready", async () => {
    await startWith({ DATABASE_URL: baseDatabaseUrl, ...refusingUpstream() });
    const { upstream } = await import("@/server/upstream/client");
    // A page's call, as staff would make it: the key is refused.
    await expect(upstream().getBusiness()).rejects.toBeTruthy();
    const afterThePage = authCalls;
    for (let i = 0; i < 3; i++) {
      const { status, body } = await probe("ready");
      expect(status).toBe(200);
      expect(body).toMatchObject({ ready: true, failed: [], upstream: "auth_failed" });
    }
    expect(authCalls).toBe(afterThePage);
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
      expect(body).toMatchObject({ ready: false, checks: { database: "ok" }, failed: ["shutting_down"] });
    } finally {
      delete (globalThis as unknown as { __shutdown?: unknown }).__shutdown;
    }
  });
});

describe("GET /api/health", { timeout: 60_000 }, () => {
  it("answers 200 while the database is down, without opening it: an outage must not restart every container", async () => {
    const { status, body, opened } = await withUnreachableDatabase(async () => {
      await startWith({ DATABASE_URL: UNREACHABLE });
      delete processWide.__db;
      const answer = await probe("health");
      return { ...answer, opened: processWide.__db !== undefined };
    });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, environment: "sandbox", upstream: "embedded-simulator" });
    expect(opened).toBe(false);
  });

  it("answers 200 whatever the payments API does, sending it nothing", async () => {
    const before = authCalls;
    await startWith({ DATABASE_URL: baseDatabaseUrl, ...refusingUpstream() });
    const { status, body, text } = await probe("health");
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, environment: "sandbox", upstream: "http" });
    expect(text).not.toContain("127.0.0.1");
    expect(authCalls).toBe(before);
  });
});
