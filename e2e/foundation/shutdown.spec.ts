import { connect } from "node:net";
import { signInAs } from "@/e2e/support/auth";
import { expect, test } from "@/e2e/support/fixtures";
import { startInstance, untilHealthy, type Instance } from "@/e2e/support/instance";
import { settled } from "@/e2e/support/settled";
import { simulator } from "@/e2e/support/simulator";

/**
 * SIGTERM on `next start` (the production build the suite made): the request in flight finishes,
 * new connections are refused, the database is closed and the process exits.
 */

const CALL_DELAY_MS = 3_000;

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

test("SIGTERM finishes the request in flight, refuses new connections, closes the database and exits", async ({ browser, request }) => {
  test.setTimeout(120_000);
  let app: Instance | undefined;
  try {
    // A deadline longer than the slow answer below (the suite's instances run with a short one).
    app = await startInstance({ BUSINESS_API_TIMEOUT_MS: "10000" });
    await untilHealthy(app);
    const context = await browser.newContext({ baseURL: app.base });
    const page = await context.newPage();
    await signInAs(page, "finance");
    // Leave the landing page once drawn, and have a bearer token: the slow request below waits on the business alone.
    await settled(page);
    await page.goto("about:blank");
    expect((await page.request.get("/api/v1/business")).status()).toBe(200);

    // A payments API that takes a while to answer the business: the staff request waiting on it is the slow one.
    await simulator.clearFaults(request);
    await simulator.resetStats(request);
    await simulator.addFault(request, { operation: "GET /business", latencyMs: CALL_DELAY_MS, times: 1 });
    const events: string[] = [];
    const slow = page.request.get("/api/v1/business", { timeout: 30_000 }).then(async (res) => {
      events.push("slow request answered");
      return { status: res.status(), body: (await res.json()) as { id?: string } };
    });
    // The call has reached the payments API: the instance is now waiting for its answer.
    await expect.poll(async () => (await simulator.stats(request))["GET /business"] ?? 0, { timeout: 10_000, intervals: [50] }).toBe(1);
    app.process.kill("SIGTERM");

    await expect.poll(() => refusesConnections(app!.port), { timeout: 5_000, intervals: [100] }).toBe(true);
    events.push("new connections refused");

    const answered = await slow;
    // It ran to the end: its upstream call finished and its answer was sent.
    expect(answered).toMatchObject({ status: 200, body: { id: "biz_sandbox_001" } });
    expect(events).toEqual(["new connections refused", "slow request answered"]);

    expect(await app.exited).toBe(143);
    expect(app.output()).toContain('"msg":"database closed"');
    await context.close();
  } catch (error) {
    await test.info().attach("instance output", { body: app?.output() ?? "", contentType: "text/plain" });
    throw error;
  } finally {
    app?.kill();
    await simulator.clearFaults(request);
  }
});
