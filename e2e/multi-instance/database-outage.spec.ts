import { sameOriginHeaders } from "@/e2e/support/auth";
import { expect, test } from "@/e2e/support/fixtures";
import { startInstance, untilHealthy, type Instance } from "@/e2e/support/instance";
import { createDatabase, startCluster, type ThrowAwayCluster } from "@/e2e/support/postgres";
import { signedIn } from "@/e2e/faults/signed-in";

/**
 * Two instances on one PostgreSQL that stops for a while and comes back: while it is gone both answer
 * 503 `database_unavailable` with `Retry-After` (never a 500, never a hang) and say they are not
 * ready; once it is back both serve again without a restart, and what either acknowledged before the
 * outage is still there (the credit's once-per-reference record, the staff row, the audit chain).
 * The cluster is this test's own, so stopping it disturbs nobody else.
 */

/** One answer, or "hung" when none came in 5 s: a lost database must not hold a request. */
async function answer(url: string, cookie: string): Promise<{ status: number | "hung"; code?: string; retryAfter: string | null }> {
  try {
    const res = await fetch(url, { headers: { cookie, accept: "application/json" }, signal: AbortSignal.timeout(5_000) });
    const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
    return { status: res.status, code: body.error?.code, retryAfter: res.headers.get("retry-after") };
  } catch {
    return { status: "hung", retryAfter: null };
  }
}

test("a database outage: 503 with Retry-After on both instances, then both serve again and nothing acknowledged is lost", async ({
  browser,
}) => {
  test.setTimeout(480_000);
  let cluster: ThrowAwayCluster | undefined;
  const instances: Instance[] = [];
  try {
    cluster = await startCluster();
    const databaseUrl = await createDatabase(cluster.adminUrl, `bo_test_outage_${Date.now()}`);
    // One after the other: both run the migrations' advisory lock, and a busy machine starts them slowly.
    for (let i = 0; i < 2; i++) {
      const instance = await startInstance({ DATABASE_URL: databaseUrl });
      instances.push(instance);
      await untilHealthy(instance);
    }
    const [one, two] = instances as [Instance, Instance];

    const context = await browser.newContext({ baseURL: one.base });
    const page = await context.newPage();
    await signedIn(page, "admin");
    // Both instances are on localhost, so the one session cookie reaches both.
    const cookie = (await context.cookies(one.base)).map((c) => `${c.name}=${c.value}`).join("; ");

    // Acknowledged before the outage: a credit (once per reference) and a new staff member.
    const reference = `outage-${Date.now()}`;
    const credit = {
      amount: "12.34",
      currency: "USD",
      collection_id: "col_usd_0001",
      sender: {
        account_name: "Outage Test",
        account_number: "0123456789",
        bank_code: "058",
        bank_name: "Test Bank",
        narration: "before the outage",
        reference,
      },
    };
    const first = await page.request.post(`${one.base}/api/v1/checkouts/8012345678/credit`, {
      headers: sameOriginHeaders(one.base),
      data: credit,
    });
    expect(first.status()).toBe(200);
    const firstBody: unknown = await first.json();
    const email = `outage-${Date.now()}@example.com`;
    const added = await page.request.post(`${one.base}/api/staff`, {
      headers: sameOriginHeaders(one.base),
      data: { email, name: "Outage Test", role: "finance", password: "a-long-outage-test-password-3" },
    });
    expect(added.status()).toBe(200);

    cluster.halt();
    for (const instance of instances) {
      const me = await answer(`${instance.base}/api/me`, cookie);
      expect(me).toMatchObject({ status: 503, code: "database_unavailable" });
      expect(Number(me.retryAfter)).toBeGreaterThan(0);
      expect((await answer(`${instance.base}/api/ready`, cookie)).status).toBe(503);
    }

    cluster.resume();
    for (const instance of instances) {
      await expect.poll(async () => (await answer(`${instance.base}/api/me`, cookie)).status, { timeout: 15_000 }).toBe(200);
    }

    // The other instance replays the credit from its record: the same answer, no second credit.
    const replay = await page.request.post(`${two.base}/api/v1/checkouts/8012345678/credit`, {
      headers: sameOriginHeaders(two.base),
      data: credit,
    });
    expect(replay.status()).toBe(200);
    expect(replay.headers()["idempotent-replayed"]).toBe("true");
    expect(await replay.json()).toEqual(firstBody);
    const staffList = (await (await page.request.get(`${two.base}/api/staff`)).json()) as { staff: { email: string }[] };
    expect(staffList.staff.map((s) => s.email)).toContain(email);
    for (const instance of instances) {
      const chain = (await (await page.request.get(`${instance.base}/api/audit/chain`)).json()) as { ok: boolean };
      expect(chain.ok).toBe(true);
    }
    for (const instance of instances) expect(instance.output()).not.toMatch(/"level":50/);
    await context.close();
  } catch (error) {
    for (const [i, instance] of instances.entries())
      await test.info().attach(`instance ${i + 1} output`, { body: instance.output(), contentType: "text/plain" });
    throw error;
  } finally {
    for (const instance of instances) instance.kill();
    await cluster?.stop();
  }
});
