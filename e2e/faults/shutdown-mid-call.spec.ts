import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sameOriginHeaders } from "@/e2e/support/auth";
import { expect, test } from "@/e2e/support/fixtures";
import { startInstance, untilHealthy, type Instance } from "@/e2e/support/instance";
import { simulator } from "@/e2e/support/simulator";
import { signedIn } from "./signed-in";

/**
 * SIGTERM on `next start` while `POST /cards` waits for a payments API slower than the drain
 * period: the instance must record the issuance's outcome (unknown, with the reconciliation note)
 * before it closes its database, never leave it in progress.
 */

test("SIGTERM during a card issuance records it as unknown before the instance exits", async ({ browser, request }) => {
  test.setTimeout(420_000);
  // A database on disk, so the test can read what the stopped instance left in it.
  const dir = mkdtempSync(path.join(tmpdir(), "bo-shutdown-"));
  let app: Instance | undefined;
  try {
    app = await startInstance({
      DATABASE_URL: `pglite:${dir}`,
      // Longer than the 10 s drain: the drain ends first, as with any slow enough provider.
      BUSINESS_API_TIMEOUT_MS: "30000",
    });
    await untilHealthy(app);

    const context = await browser.newContext({ baseURL: app.base });
    const page = await context.newPage();
    await signedIn(page, "ops");
    // Asked again until approved. The payments API (and the simulator, shared by the lane's specs)
    // allows one check of a customer a minute, and an earlier spec may have just checked this one:
    // the first answers are then "asks us to slow down" (a CI run saw it every first attempt).
    await expect
      .poll(
        async () =>
          ((await (await page.request.get("/api/v1/customers/cus_approved/card-verification?refresh=1")).json()) as { status?: unknown })
            .status,
        { timeout: 90_000, intervals: [1_000, 5_000] },
      )
      .toBe("APPROVED");

    await simulator.clearFaults(request);
    await simulator.resetStats(request);
    await simulator.addFault(request, { operation: "POST /cards", latencyMs: 60_000, times: 1 });
    const pending = page.request
      .post("/api/v1/cards", {
        headers: { ...sameOriginHeaders(app.base), "Idempotency-Key": "e2e-sigterm-mid-call" },
        data: { customer_id: "cus_approved" },
        timeout: 60_000,
      })
      .catch(() => null);
    // The call has reached the payments API: the instance is now waiting for its answer.
    await expect.poll(async () => (await simulator.stats(request))["POST /cards"] ?? 0, { timeout: 15_000 }).toBe(1);

    app.process.kill("SIGTERM");
    expect(await app.exited).toBe(143);
    await pending;
    await context.close();
    expect(app.output()).toContain("recorded as unknown outcomes");
    expect(app.output()).toContain('"msg":"database closed"');

    const database = new PGlite(dir);
    try {
      const key = await database.query<{ state: string; response_status: number; response_body: string }>(
        "SELECT state, response_status, response_body FROM idempotency_records WHERE scope = 'card.create' AND key = 'e2e-sigterm-mid-call'",
      );
      expect(key.rows).toHaveLength(1);
      expect(key.rows[0]).toMatchObject({ state: "completed", response_status: 502 });
      expect(JSON.parse(key.rows[0]!.response_body)).toMatchObject({
        error: { code: "card_outcome_unknown", message: expect.stringContaining("check the customer's issued cards") },
      });
      const issuances = await database.query<{ outcome: string }>("SELECT outcome FROM card_issuances WHERE customer_id = 'cus_approved'");
      expect(issuances.rows).toEqual([{ outcome: "unknown" }]);
      const claims = await database.query("SELECT 1 FROM card_issuance_claims");
      expect(claims.rows).toHaveLength(0);
    } finally {
      await database.close();
    }
  } catch (error) {
    await test.info().attach("instance output", { body: app?.output() ?? "", contentType: "text/plain" });
    throw error;
  } finally {
    app?.kill();
    await simulator.clearFaults(request);
    rmSync(dir, { recursive: true, force: true });
  }
});
