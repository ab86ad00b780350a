import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { and, asc, sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { auditLog } from "@/server/db/schema";
import { embeddedSimulator } from "@/server/upstream/embedded-simulator";
import { fakeStaff, jsonRequest } from "@/server/testing/staff";

// The real route, database and embedded simulator; the session is faked per call.
const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));

const credit = await import("@/app/api/v1/checkouts/[accountNo]/credit/route");

const CREDIT = "POST /checkouts/{accountNo}/credit";
const sim = embeddedSimulator();
const finance = fakeStaff("finance");
const admin: StaffMember = { ...fakeStaff("admin"), id: "00000000-0000-4000-8000-000000000002" };
let n = 0;
// Base 36: a 13-digit millisecond count passes Luhn one time in ten and would be masked as a card number.
const fresh = () => `REF-${Date.now().toString(36)}-${++n}`;
const sender = (reference: string) => ({
  account_name: "Jane Doe",
  account_number: "0123456789",
  bank_code: "058",
  bank_name: "GTBank",
  narration: "Invoice 42",
  reference,
});

/** What the form sends beside the amount and the sender: the USD account's currency and collection. */
const USD_ACCOUNT = { currency: "USD", collection_id: "col_usd_0001" };

function post(body: Record<string, unknown>, staff: StaffMember = finance, accountNo = "8012345678") {
  session.staff = staff;
  return credit.POST(jsonRequest(`http://localhost:3000/api/v1/checkouts/${accountNo}/credit`, { ...USD_ACCOUNT, ...body }), {
    params: Promise.resolve({ accountNo }),
  });
}
const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });
const audited = async (reference: string) =>
  (await db())
    .select()
    .from(auditLog)
    .where(and(sql`${auditLog.action} LIKE 'credit.simulate%'`, sql`${auditLog.detail}->>'senderReference' = ${reference}`))
    .orderBy(asc(auditLog.id));

// Opening and migrating the in-memory database takes seconds on a busy machine: not a request's time.
beforeAll(async () => {
  await db();
});

beforeEach(() => {
  sim.faults.clear();
  sim.stats.reset();
});

describe("credit simulation — once per sender reference", () => {
  it("the same reference twice answers the first result and credits once", async () => {
    const body = { amount: "1,000.50", sender: sender(fresh()) };
    const first = await answer(await post(body));
    expect(first).toMatchObject({ status: 200, body: { id: expect.any(String) } });
    const again = await post({ ...body, amount: "1000.5" }, admin);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await answer(again)).toEqual(first);
    expect(sim.stats.count(CREDIT)).toBe(1);
  });

  it("a colleague's repeat of a reference is a replay, audited as one that names the first request and its member", async () => {
    const reference = fresh();
    const first = await answer(await post({ amount: "12", sender: sender(reference) }));
    expect(first.status).toBe(200);
    expect((await post({ amount: "12", sender: sender(reference) }, admin)).headers.get("Idempotent-Replayed")).toBe("true");
    expect(sim.stats.count(CREDIT)).toBe(1);
    const [credited, replay, ...more] = await audited(reference);
    expect(credited).toMatchObject({ action: "credit.simulate", outcome: "success", actorStaffId: finance.id });
    expect(replay).toMatchObject({
      action: "credit.simulate.replay",
      outcome: "success",
      actorStaffId: admin.id,
      detail: {
        senderReference: reference,
        transactionId: first.body.id,
        replay_of_request_id: credited!.requestId,
        original_staff_id: finance.id,
        http_status: 200,
      },
    });
    expect(more).toEqual([]);
  });

  it("20 concurrent requests with one reference from two staff make one upstream credit and one answer", async () => {
    sim.faults.add({ operation: CREDIT, latencyMs: 300, times: 1 });
    const body = { amount: "25", sender: sender(fresh()) };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(body, i % 2 ? admin : finance).then(answer)));
    expect(sim.stats.count(CREDIT)).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
  });

  it("a used reference with a different credit is 409 duplicate_reference, with no upstream call", async () => {
    const reference = fresh();
    expect((await post({ amount: "10", sender: sender(reference) })).status).toBe(200);
    const other = await answer(await post({ amount: "11", sender: sender(reference) }));
    expect(other).toMatchObject({ status: 409, body: { error: { code: "duplicate_reference", field: "sender.reference" } } });
    expect(sim.stats.count(CREDIT)).toBe(1);
  });

  it("a timed-out credit keeps its reference: the replay answers the unknown outcome, never a second credit", async () => {
    sim.faults.add({ operation: CREDIT, status: 504, times: 1 });
    const body = { amount: "10", sender: sender(fresh()) };
    const first = await answer(await post(body));
    expect(first).toMatchObject({ status: 504, body: { error: { code: "credit_outcome_unknown" } } });
    expect(await answer(await post(body))).toEqual(first);
    expect(sim.stats.count(CREDIT)).toBe(1);
  });

  it.each(["1e3", "5e-324", "NaN", "0", "1000000.01", "1.001", 5e-324, 1e21])(
    "amount %j is a 400 naming the amount, with no upstream call",
    async (amount) => {
      const res = await answer(await post({ amount, sender: sender(fresh()) }));
      expect(res).toMatchObject({ status: 400, body: { error: { field: "amount" } } });
      expect(sim.stats.count(CREDIT)).toBe(0);
    },
  );

  const fields = ["account_name", "account_number", "bank_code", "bank_name", "narration", "reference"] as const;
  it.each(fields.flatMap((f) => ["x\u0000y", "x\u001by", "x\ud800y"].map((v) => [f, v] as const)))(
    "sender.%s = %j is a 400 naming the field, with no upstream call",
    async (field, value) => {
      const res = await answer(await post({ amount: "5", sender: { ...sender(fresh()), [field]: value } }));
      expect(res).toMatchObject({ status: 400, body: { error: { field: `sender.${field}` } } });
      expect(sim.stats.count(CREDIT)).toBe(0);
    },
  );
});
