import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@/e2e/support/fixtures";
import { freePort } from "@/e2e/support/free-port";
import { appEnv } from "@/e2e/support/servers";

/**
 * SIGTERM on `next start` (the production build the suite made): the request in flight finishes,
 * new connections are refused, the database is closed and the process exits.
 */

const AUTH_DELAY_MS = 3_000;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

test("SIGTERM finishes the request in flight, refuses new connections, closes the database and exits", async () => {
  test.setTimeout(120_000);
  // A payments API whose token takes a while: GET /api/ready waits on it, so it is the slow request.
  let authRequested: () => void = () => {};
  const authStarted = new Promise<void>((resolve) => (authRequested = resolve));
  const api = createServer((req, res) => {
    if (req.method === "POST" && req.url?.endsWith("/auth")) {
      authRequested();
      setTimeout(() => {
        res
          .writeHead(200, { "Content-Type": "application/json" })
          .end(JSON.stringify({ access_token: "tok_shutdown_test", token: { expires_at: Date.now() + 3_600_000 } }));
      }, AUTH_DELAY_MS);
      return;
    }
    res.writeHead(404).end();
  });
  const apiPort = await listen(api);
  const appPort = await freePort();
  let app: ChildProcess | undefined;
  try {
    let output = "";
    app = spawn(process.execPath, [path.join("node_modules", "next", "dist", "bin", "next"), "start", "-p", String(appPort)], {
      env: {
        ...process.env,
        ...appEnv(),
        BUSINESS_API_BASE_URL: `http://127.0.0.1:${apiPort}/api/v1`,
        BUSINESS_API_TIMEOUT_MS: "10000",
        LOG_LEVEL: "info",
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    app.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    app.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => app!.once("exit", (code) => resolve(code)));

    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${appPort}/api/health`).catch(() => null))?.status, { timeout: 60_000 })
      .toBe(200);

    const events: string[] = [];
    const slow = fetch(`http://127.0.0.1:${appPort}/api/ready`).then(async (res) => {
      events.push("slow request answered");
      return { status: res.status, body: (await res.json()) as { checks: Record<string, string>; failed: string[] } };
    });
    await authStarted;
    app.kill("SIGTERM");

    await expect.poll(() => refusesConnections(appPort), { timeout: 5_000, intervals: [100] }).toBe(true);
    events.push("new connections refused");

    const answered = await slow;
    // It ran to the end: its upstream work finished, and it says the instance is stopping.
    expect(answered.body.checks.upstream_auth).toBe("ok");
    expect(answered.body.failed).toEqual(["shutting_down"]);
    expect(events).toEqual(["new connections refused", "slow request answered"]);

    expect(await exited).toBe(143);
    expect(output).toContain('"msg":"database closed"');
  } finally {
    if (app && app.exitCode === null) app.kill("SIGKILL");
    await new Promise((resolve) => api.close(resolve));
  }
});
