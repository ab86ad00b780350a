import { eq, isNotNull, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cardVerificationState, staff } from "@/server/db/schema";
import { withAppClockSkew } from "@/server/testing/app-clock-skew";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { SEED } from "@/server/simulator/seed/ids";
import { embeddedSimulator } from "@/server/upstream/embedded-simulator";
import { readVerification } from "./verification-check";
import { claimCheck, readState } from "./verification-store";

const GET_OP = "GET /customers/{id}/card-verification";
const c = SEED.customers;
const sim = () => embeddedSimulator();
const gets = () => sim().stats.count(GET_OP);

let database: Db;
withFreshDatabase((opened) => (database = opened));
beforeAll(async () => {
  await database.insert(staff).values({ email: "latency.probe@example.com", name: "Probe", role: "ops", passwordHash: "x" });
});
afterEach(() => sim().faults.clear());

/** Total time of `n` cheap reads in a row, like the one behind /api/me. */
async function timeReads(n: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < n; i++) await database.select().from(staff).where(eq(staff.email, "latency.probe@example.com")).limit(1);
  return performance.now() - started;
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await condition()); i++) await new Promise((r) => setTimeout(r, 20));
}

/** Moves a customer's last check back past the shared minute, as if a minute had gone by. */
async function ageCheck(customerId: string): Promise<void> {
  await database
    .update(cardVerificationState)
    .set({ checkedAt: sql`now() - interval '61 seconds'` })
    .where(eq(cardVerificationState.customerId, customerId));
}

describe("readVerification under a slow upstream", () => {
  it("keeps other requests at their normal latency while 10 slow checks are in flight", async () => {
    await readVerification({ db: database, input: { id: c.rejected, refresh: false } }); // stored, so later reads are served from the database
    const storedReads = async (n: number) => {
      const started = performance.now();
      for (let i = 0; i < n; i++) await readVerification({ db: database, input: { id: c.rejected, refresh: false } });
      return performance.now() - started;
    };
    await timeReads(20); // warm-up
    const baseline = await timeReads(40);
    const storedBaseline = await storedReads(20);

    sim().faults.add({ operation: GET_OP, latencyMs: 2_500, times: 10 });
    const before = gets();
    const ids = Array.from({ length: 10 }, (_, i) => `cus_slow_${i}`);
    const checks = ids.map((id) => readVerification({ db: database, input: { id, refresh: true } }).catch((e: unknown) => e));
    // All ten claimed and waiting on the upstream (the simulator counts a request when it arrives).
    await until(async () => gets() - before === 10);
    expect(await database.select().from(cardVerificationState).where(isNotNull(cardVerificationState.checkClaimId))).toHaveLength(10);

    const loaded = await timeReads(40);
    const storedLoaded = await storedReads(20);
    const stillInFlight = (await database.select().from(cardVerificationState).where(isNotNull(cardVerificationState.checkClaimId))).length;

    const outcomes = await Promise.all(checks);
    // Had a transaction been held across the call, each read would wait ~2.5 s for it.
    expect(stillInFlight).toBe(10);
    expect(loaded / baseline).toBeLessThan(10);
    expect(storedLoaded / storedBaseline).toBeLessThan(10);
    // Unknown ids: a clear not-found, not a 500.
    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 404 });
  });

  it("makes one upstream GET for 20 concurrent checks of one customer, and all read its result", async () => {
    sim().faults.add({ operation: GET_OP, latencyMs: 400 });
    const before = gets();
    const views = await Promise.all(
      Array.from({ length: 20 }, () => readVerification({ db: database, input: { id: c.approved, refresh: true } })),
    );
    expect(gets() - before).toBe(1);
    for (const view of views) expect(view).toMatchObject({ status: "APPROVED", approved: true, source: "check" });
    const row = await readState({ db: database, customerId: c.approved });
    expect(row?.checkClaimId).toBeNull();

    // Within the minute a refresh serves the stored row; after it, one new GET.
    await readVerification({ db: database, input: { id: c.approved, refresh: true } });
    expect(gets() - before).toBe(1);
    await ageCheck(c.approved);
    await readVerification({ db: database, input: { id: c.approved, refresh: true } });
    expect(gets() - before).toBe(2);
  });

  it.each([
    ["an unknown id", "cus_nobody_here"],
    ["another business's customer", c.otherBusiness],
  ])("remembers %s as not found for the shared minute: one upstream GET", async (_label, id) => {
    const before = gets();
    for (let i = 0; i < 5; i++)
      await expect(readVerification({ db: database, input: { id, refresh: i % 2 === 0 } })).rejects.toMatchObject({
        status: 404,
        code: "not_found",
      });
    const concurrent = await Promise.allSettled(
      Array.from({ length: 10 }, () => readVerification({ db: database, input: { id, refresh: true } })),
    );
    expect(concurrent.every((r) => r.status === "rejected")).toBe(true);
    expect(gets() - before).toBe(1);
    await ageCheck(id);
    await expect(readVerification({ db: database, input: { id, refresh: false } })).rejects.toMatchObject({ status: 404 });
    expect(gets() - before).toBe(2);
  });

  it("takes over a claim left behind by a crashed instance once it expires", async () => {
    expect(await claimCheck({ db: database, customerId: c.pending, claimId: "crashed-instance", claimMs: 60_000 })).toBe(true);
    await database
      .update(cardVerificationState)
      .set({ checkClaimedUntil: sql`now() - interval '1 minute'` })
      .where(eq(cardVerificationState.customerId, c.pending));
    const before = gets();
    await expect(readVerification({ db: database, input: { id: c.pending, refresh: false } })).resolves.toMatchObject({
      status: "PENDING",
    });
    expect(gets() - before).toBe(1);
    expect((await readState({ db: database, customerId: c.pending }))?.checkClaimId).toBeNull();
  });

  it("an instance whose clock runs ahead does not take over another's live claim", async () => {
    const customerId = "cus_skewed_claim";
    expect(await claimCheck({ db: database, customerId, claimId: "on-time", claimMs: 30_000 })).toBe(true);
    expect(await withAppClockSkew(2 * 60_000, () => claimCheck({ db: database, customerId, claimId: "ahead", claimMs: 30_000 }))).toBe(
      false,
    );
    expect((await readState({ db: database, customerId }))?.checkClaimId).toBe("on-time");
  });

  it("checks once a minute however far apart the clocks of the instances asking are", async () => {
    const refresh = () => readVerification({ db: database, input: { id: c.reconciliation, refresh: true } });
    const before = gets();
    await withAppClockSkew(-2 * 60_000, refresh);
    expect(gets() - before).toBe(1);
    await withAppClockSkew(2 * 60_000, refresh);
    await refresh();
    expect(gets() - before).toBe(1);
  });

  it("keeps the last known state and uses the minute when the upstream fails with 503", async () => {
    await readVerification({ db: database, input: { id: c.notSubmitted, refresh: false } });
    await ageCheck(c.notSubmitted);
    sim().faults.add({ operation: GET_OP, status: 503, times: 1 });
    const before = gets();
    const view = await readVerification({ db: database, input: { id: c.notSubmitted, refresh: true } });
    expect(view).toMatchObject({ status: "NOT_SUBMITTED", last_error: { code: "upstream_unavailable" } });
    await readVerification({ db: database, input: { id: c.notSubmitted, refresh: true } });
    expect(gets() - before).toBe(1);
  });
});
