import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveStatus } from "@/server/customers/verification-store";
import { db } from "@/server/db/client";
import { cardIssuances } from "@/server/db/schema";
import { SEED } from "@/server/simulator/seed/ids";
import { withRouteFixture } from "@/server/testing/route-fixture";
import { jsonRequest } from "@/server/testing/staff";
import { BREAKER_FAILURE_THRESHOLD, BREAKER_PAUSE_MS } from "./circuit-breaker";

// The real routes, database, upstream client and embedded simulator; only the session is faked.
vi.mock("@/server/auth/session", () => import("@/server/testing/acting-member"));
vi.mock("@/server/auth/step-up", () => ({ requireRecentSecondFactor: async () => {} }));

const transaction = await import("@/app/api/v1/transactions/[id]/route");
const business = await import("@/app/api/v1/business/route");
const cards = await import("@/app/api/v1/cards/route");
const credit = await import("@/app/api/v1/checkouts/[accountNo]/credit/route");
const verification = await import("@/app/api/v1/customers/[id]/card-verification/route");

const BASE = "http://localhost:3000";
const { sim, actAs } = withRouteFixture({
  roles: ["finance", "ops"],
  clear: ["card_issuances", "card_issuance_claims", "idempotency_records", "card_verification_state"],
});
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

const getTransaction = (id: string = SEED.transactions.usdWireIn) => {
  actAs("finance");
  return transaction.GET(new Request(`${BASE}/api/v1/transactions/${id}`), ctx({ id }));
};
const postCard = (customerId: string, key: string) => {
  actAs("ops");
  return cards.POST(jsonRequest(`${BASE}/api/v1/cards`, { customer_id: customerId }, { "Idempotency-Key": key }));
};
const postCredit = (reference: string) => {
  actAs("finance");
  const sender = {
    account_name: "Jane Doe",
    account_number: "0123456789",
    bank_code: "058",
    bank_name: "GTBank",
    narration: "Invoice 42",
    reference,
  };
  return credit.POST(
    jsonRequest(`${BASE}/api/v1/checkouts/8012345678/credit`, { amount: "10", currency: "USD", collection_id: "col_usd_0001", sender }),
    ctx({ accountNo: "8012345678" }),
  );
};
const checkVerification = (customerId: string) => {
  actAs("ops");
  return verification.GET(new Request(`${BASE}/api/v1/customers/${customerId}/card-verification?refresh=1`), ctx({ id: customerId }));
};
const codeOf = async (res: Response) => ((await res.json()) as { error?: { code: string } }).error?.code;

/** The breaker's own clock moves on without the test waiting for it. */
const pass = (ms: number) => vi.setSystemTime(Date.now() + ms);

/** A refusal of an open circuit: 503 upstream_unavailable at once, with a Retry-After no longer than the pause. */
async function expectRefused(res: Response) {
  expect(res.status).toBe(503);
  expect(await codeOf(res)).toBe("upstream_unavailable");
  const retryAfter = Number(res.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(BREAKER_PAUSE_MS / 1000);
}

// Hashing the demo passwords and migrating take a while on a busy machine.

beforeEach(async () => {
  // A fresh process-wide client (and so breaker) per test.
  delete (globalThis as { __upstream?: unknown }).__upstream;
  vi.useFakeTimers({ toFake: ["Date"] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("a failing payments API opens the breaker", () => {
  it("after consecutive 5xx a read answers 503 upstream_unavailable with Retry-After at once, sending nothing; other operations still pass", async () => {
    sim.faults.add({ operation: "GET /transactions/{id}", status: 500 });
    for (let i = 0; i < BREAKER_FAILURE_THRESHOLD; i++) expect((await getTransaction()).status).toBe(502);
    const sent = sim.stats.count("GET /transactions/{id}");
    await expectRefused(await getTransaction());
    expect(sim.stats.count("GET /transactions/{id}")).toBe(sent);
    actAs("finance");
    expect((await business.GET(new Request(`${BASE}/api/v1/business`))).status).toBe(200);
  });

  it("after the pause one probe goes through, and the provider's recovery closes the circuit", async () => {
    sim.faults.add({ operation: "GET /transactions/{id}", status: 500, times: BREAKER_FAILURE_THRESHOLD });
    for (let i = 0; i < BREAKER_FAILURE_THRESHOLD; i++) await getTransaction();
    await expectRefused(await getTransaction());
    pass(BREAKER_PAUSE_MS);
    expect((await getTransaction()).status).toBe(200);
    expect((await getTransaction()).status).toBe(200);
  });

  it("is never opened by the provider's 4xx", async () => {
    for (let i = 0; i < BREAKER_FAILURE_THRESHOLD * 2; i++) expect((await getTransaction("txn_nope")).status).toBe(404);
    expect((await getTransaction()).status).toBe(200);
  });

  it("a card refused by the open breaker is not an unknown outcome: no issuance is recorded and the same key works once the provider is back", async () => {
    const database = await db();
    const customers = [...Array.from({ length: BREAKER_FAILURE_THRESHOLD }, (_, i) => `cus_breaker_${i}`), SEED.customers.approved];
    for (const id of customers)
      await saveStatus({ db: database, customerId: id, update: { status: "APPROVED", canCreateCard: true, source: "check" } });
    sim.faults.add({ operation: "POST /cards", status: 500, times: BREAKER_FAILURE_THRESHOLD });
    for (let i = 0; i < BREAKER_FAILURE_THRESHOLD; i++)
      expect(await codeOf(await postCard(customers[i]!, `breaker-${i}`))).toBe("card_outcome_unknown");

    const last = customers[BREAKER_FAILURE_THRESHOLD]!;
    await expectRefused(await postCard(last, "breaker-last"));
    expect(sim.stats.count("POST /cards")).toBe(BREAKER_FAILURE_THRESHOLD);
    expect(await database.select({ n: count() }).from(cardIssuances).where(eq(cardIssuances.customerId, last))).toEqual([{ n: 0 }]);

    pass(BREAKER_PAUSE_MS);
    const retried = await postCard(last, "breaker-last");
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ kind: "card" });
  });

  it("a credit refused by the open breaker keeps its reference free: the same reference credits once the provider is back", async () => {
    sim.faults.add({ operation: "POST /checkouts/{accountNo}/credit", status: 500, times: BREAKER_FAILURE_THRESHOLD });
    for (let i = 0; i < BREAKER_FAILURE_THRESHOLD; i++)
      expect(await codeOf(await postCredit(`BRK-${Date.now()}-${i}`))).toBe("credit_outcome_unknown");
    const reference = `BRK-${Date.now()}-last`;
    await expectRefused(await postCredit(reference));
    pass(BREAKER_PAUSE_MS);
    expect((await postCredit(reference)).status).toBe(200);
    expect(sim.stats.count("POST /checkouts/{accountNo}/credit")).toBe(BREAKER_FAILURE_THRESHOLD + 1);
  });

  it("a verification check refused by the open breaker spends no check: once the provider is back the check is made at once", async () => {
    const failing = ["cus_brk_a", "cus_brk_b", "cus_brk_c", "cus_brk_d", "cus_brk_e"];
    sim.faults.add({ operation: "GET /customers/{id}/card-verification", status: 500, times: BREAKER_FAILURE_THRESHOLD });
    // A failed check keeps the last known state (200 with the error noted), and counts as a failure.
    for (const id of failing.slice(0, BREAKER_FAILURE_THRESHOLD)) await checkVerification(id);
    await expectRefused(await checkVerification(SEED.customers.approved));
    expect(sim.stats.count("GET /customers/{id}/card-verification")).toBe(BREAKER_FAILURE_THRESHOLD);
    pass(BREAKER_PAUSE_MS);
    const res = await checkVerification(SEED.customers.approved);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "APPROVED" });
  });
});
