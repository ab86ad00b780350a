import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveStatus } from "@/server/customers/verification-store";
import { db } from "@/server/db/client";
import { auditLog, cardIssuanceClaims, idempotencyRecords } from "@/server/db/schema";
import { withRouteFixture } from "@/server/testing/route-fixture";
import { jsonRequest } from "@/server/testing/staff";
import { installShutdown } from "./shutdown";

// The real routes, database and embedded simulator, and the real shutdown with a stand-in process:
// SIGTERM arrives while the payments API has not answered, and the drain period ends first.
vi.mock("@/server/auth/session", () => import("@/server/testing/acting-member"));
vi.mock("@/server/auth/step-up", () => ({ requireRecentSecondFactor: async () => {} }));

const cards = await import("@/app/api/v1/cards/route");
const issued = await import("@/app/api/v1/customers/[id]/cards/route");
const credit = await import("@/app/api/v1/checkouts/[accountNo]/credit/route");

const BASE = "http://localhost:3000";
const { sim, actAs } = withRouteFixture({
  roles: ["ops", "finance"],
  clear: ["card_issuances", "card_issuance_claims", "idempotency_records"],
});
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** Waits (bounded) until the simulator has received the call: the request is now waiting for its answer. */
async function reached(operation: string) {
  for (let i = 0; i < 200 && sim.stats.count(operation) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(sim.stats.count(operation)).toBe(1);
}

/** SIGTERM to a stand-in process whose drain period is already over; resolves with the exit code. */
function sigterm(): Promise<number> {
  let handler: (signal: NodeJS.Signals) => void = () => {};
  let exited: (code: number) => void = () => {};
  const exit = new Promise<number>((resolve) => (exited = resolve));
  const proc = {
    once: ((event: string, fn: (signal: NodeJS.Signals) => void) => {
      if (event === "SIGTERM") handler = fn;
    }) as unknown as NodeJS.Process["once"],
    exit: ((code?: number) => exited(code ?? 0)) as NodeJS.Process["exit"],
  };
  // The process-wide database stays open: the test reads what shutdown left in it.
  installShutdown({ close: async () => {}, log: quiet, proc, drainMs: 1 });
  handler("SIGTERM");
  return exit;
}

beforeEach(async () => {
  await saveStatus({ db: await db(), customerId: "cus_approved", update: { status: "APPROVED", canCreateCard: true, source: "check" } });
});

afterEach(() => {
  delete (globalThis as unknown as { __shutdown?: unknown }).__shutdown;
});

describe("SIGTERM while a money-moving call waits for the payments API", () => {
  it("records the card issuance as unknown with the reconciliation note, never leaving it in progress", async () => {
    sim.faults.add({ operation: "POST /cards", latencyMs: 3_000, times: 1 });
    actAs("ops");
    const pending = cards.POST(jsonRequest(`${BASE}/api/v1/cards`, { customer_id: "cus_approved" }, { "Idempotency-Key": "sigterm-card" }));
    await reached("POST /cards");
    expect(await sigterm()).toBe(143);

    const database = await db();
    const [record] = await database.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, "sigterm-card"));
    expect(record).toMatchObject({ state: "completed", responseStatus: 502 });
    expect(JSON.parse(record!.responseBody!)).toMatchObject({
      error: { code: "card_outcome_unknown", message: expect.stringContaining("check the customer's issued cards") },
    });
    expect(await database.select({ n: count() }).from(cardIssuanceClaims)).toEqual([{ n: 0 }]);
    const audit = await database.select().from(auditLog).where(eq(auditLog.action, "card.create"));
    expect(audit.some((entry) => JSON.stringify(entry.detail).includes("shutdown"))).toBe(true);

    // The API's answer, arriving after the record was made, adds nothing: one issuance, unknown.
    expect((await pending).status).toBe(502);
    actAs("ops");
    const list = await issued.GET(new Request(`${BASE}/api/v1/customers/cus_approved/cards`), {
      params: Promise.resolve({ id: "cus_approved" }),
    });
    expect(((await list.json()) as { cards: { outcome: string }[] }).cards.map((c) => c.outcome)).toEqual(["unknown"]);
  });

  it("records the credit as unknown and keeps its reference spent", async () => {
    sim.faults.add({ operation: "POST /checkouts/{accountNo}/credit", latencyMs: 3_000, times: 1 });
    actAs("finance");
    const sender = {
      account_name: "Jane Doe",
      account_number: "0123456789",
      bank_code: "058",
      bank_name: "GTBank",
      narration: "Invoice 42",
      reference: "SIGTERM-CREDIT-1",
    };
    const request = () =>
      credit.POST(
        jsonRequest(`${BASE}/api/v1/checkouts/8012345678/credit`, { amount: "10", currency: "USD", collection_id: "col_usd_0001", sender }),
        {
          params: Promise.resolve({ accountNo: "8012345678" }),
        },
      );
    const pending = request();
    await reached("POST /checkouts/{accountNo}/credit");
    expect(await sigterm()).toBe(143);

    const database = await db();
    const [record] = await database.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, "SIGTERM-CREDIT-1"));
    expect(record).toMatchObject({ state: "completed", responseStatus: 502 });
    expect(JSON.parse(record!.responseBody!)).toMatchObject({ error: { code: "credit_outcome_unknown" } });
    await pending;
    // A repeat gets the recorded answer, never a second credit.
    const again = await request();
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(sim.stats.count("POST /checkouts/{accountNo}/credit")).toBe(1);
  });
});
