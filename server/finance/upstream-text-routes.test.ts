import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { StaffMember } from "@/server/auth/staff-repo";
import { db } from "@/server/db/client";
import { seenObjects } from "@/server/db/schema";
import { embeddedSimulator } from "@/server/upstream/embedded-simulator";
import { fakeStaff } from "@/server/testing/staff";

// The real routes, database and embedded simulator; the simulator's answer is replaced per test.
const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));

const transaction = await import("@/app/api/v1/transactions/[id]/route");
const collection = await import("@/app/api/v1/collections/[id]/route");
const cardTransaction = await import("@/app/api/v1/cards/[id]/transactions/[transactionId]/route");
const cardList = await import("@/app/api/v1/cards/[id]/transactions/route");

const sim = embeddedSimulator();
const text = (n: number) => "x".repeat(n);
const read = (
  route: { GET: (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response> },
  path: string,
  params: Record<string, string>,
) => route.GET(new Request(`http://localhost:3000/api/v1${path}`), { params: Promise.resolve(params) });
const seen = async (id: string) => (await db()).select().from(seenObjects).where(eq(seenObjects.id, id));

beforeAll(async () => {
  await db();
});

beforeEach(() => {
  session.staff = fakeStaff("finance");
  sim.faults.clear();
});

describe("an upstream answer with text past its bound, through the BFF", () => {
  it("is a 502 upstream_invalid_response for a transaction, and it is not indexed; at the bound it is served and indexed", async () => {
    sim.faults.add({ operation: "GET /transactions/{id}", body: { id: "txn_long_1", status: text(65) }, times: 1 });
    const refused = await read(transaction, "/transactions/txn_long_1", { id: "txn_long_1" });
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ error: { code: "upstream_invalid_response" } });
    expect(await seen("txn_long_1")).toEqual([]);

    sim.faults.add({ operation: "GET /transactions/{id}", body: { id: "txn_long_2", status: text(64), detail: text(1000) }, times: 1 });
    const served = await read(transaction, "/transactions/txn_long_2", { id: "txn_long_2" });
    expect(served.status).toBe(200);
    expect(await served.json()).toMatchObject({ status: text(64), detail: text(1000) });
    expect(await seen("txn_long_2")).toHaveLength(1);
  });

  it("is a 502 for a collection with a 200,000-character name, and it is not indexed", async () => {
    sim.faults.add({ operation: "GET /collections/{id}", body: { id: "col_long_1", account_name: text(200_000) }, times: 1 });
    const res = await read(collection, "/collections/col_long_1", { id: "col_long_1" });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: { code: "upstream_invalid_response" } });
    expect(await seen("col_long_1")).toEqual([]);
  });

  it("is a 502 for a card transaction, and for a card's list with one such row", async () => {
    sim.faults.add({
      operation: "GET /cards/{id}/transactions/{transactionId}",
      body: { id: "ctx_long_1", merchant_name: text(257) },
      times: 1,
    });
    const one = await read(cardTransaction, "/cards/card_long_text/transactions/ctx_long_1", {
      id: "card_long_text",
      transactionId: "ctx_long_1",
    });
    expect(one.status).toBe(502);
    expect(await one.json()).toMatchObject({ error: { code: "upstream_invalid_response" } });

    const row = { id: "ctx_1", amount: 1, currency: "USD", status: "SUCCESS", type: "DEBIT", created_at: "2026-01-31T09:15:00.000Z" };
    sim.faults.add({ operation: "GET /cards/{id}/transactions", body: [row, { ...row, id: "ctx_2", description: text(1001) }], times: 1 });
    const list = await read(cardList, "/cards/card_long_text/transactions", { id: "card_long_text" });
    expect(list.status).toBe(502);
    expect(await list.json()).toMatchObject({ error: { code: "upstream_invalid_response" } });
  });
});
