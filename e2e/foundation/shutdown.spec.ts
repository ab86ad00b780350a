import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { expect, test } from "@/e2e/support/fixtures";
import { startInstance, untilHealthy, type Instance } from "@/e2e/support/instance";

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
  let app: Instance | undefined;
  try {
    app = await startInstance({ BUSINESS_API_BASE_URL: `http://127.0.0.1:${apiPort}/api/v1`, BUSINESS_API_TIMEOUT_MS: "10000" });
    await untilHealthy(app);

    const events: string[] = [];
    const slow = fetch(`${app.base}/api/ready`).then(async (res) => {
      events.push("slow request answered");
      return { status: res.status, body: (await res.json()) as { checks: Record<string, string>; failed: string[] } };
    });
    await authStarted;
    app.process.kill("SIGTERM");

    await expect.poll(() => refusesConnections(app!.port), { timeout: 5_000, intervals: [100] }).toBe(true);
    events.push("new connections refused");

    const answered = await slow;
    // It ran to the end: its upstream work finished, and it says the instance is stopping.
    expect(answered.body.checks.upstream_auth).toBe("ok");
    expect(answered.body.failed).toEqual(["shutting_down"]);
    expect(events).toEqual(["new connections refused", "slow request answered"]);

    expect(await app.exited).toBe(143);
    expect(app.output()).toContain('"msg":"database closed"');
  } finally {
    app?.kill();
    await new Promise((resolve) => api.close(resolve));
  }
});
