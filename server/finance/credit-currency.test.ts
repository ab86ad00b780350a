import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { db } from "@/server/db/client";
import { embeddedSimulator } from "@/server/upstream/embedded-simulator";
import { fakeStaff, jsonRequest } from "@/server/testing/staff";

// The real route, database, upstream client and embedded simulator, whose sandbox holds accounts
// in currencies of 0 and 3 minor digits and one Intl does not know, beside its USD and NGN ones.
const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));
vi.mock("@/server/simulator/seed/collections", async (original) => {
  const real = await original<typeof import("@/server/simulator/seed/collections")>();
  const { withOtherCurrencies } = await import("@/server/testing/other-currency-collections");
  return { seedCollections: () => withOtherCurrencies(real.seedCollections()) };
});

const credit = await import("@/app/api/v1/checkouts/[accountNo]/credit/route");
const { upstream } = await import("@/server/upstream/client");

const CREDIT = "POST /checkouts/{accountNo}/credit";
const sim = embeddedSimulator();
const ACCOUNTS = {
  USD: { collection_id: "col_usd_0001", accountNo: "8012345678" },
  JPY: { collection_id: "col_jpy_0001", accountNo: "7012345678" },
  KWD: { collection_id: "col_kwd_0001", accountNo: "6012345678" },
  XYZ: { collection_id: "col_xyz_0001", accountNo: "5012345678" },
} as const;
type Code = keyof typeof ACCOUNTS;

let n = 0;
const sender = () => ({
  account_name: "Jane Doe",
  account_number: "0123456789",
  bank_code: "058",
  bank_name: "GTBank",
  narration: "Invoice 42",
  reference: `CUR-${Date.now().toString(36)}-${++n}`,
});

/** A credit as the form sends it for the account in `code`; `body` changes or drops what the form would send. */
async function post(code: Code, amount: unknown, body: Record<string, unknown> = {}) {
  session.staff = fakeStaff("finance");
  const { collection_id, accountNo } = ACCOUNTS[code];
  const res = await credit.POST(
    jsonRequest(`http://localhost:3000/api/v1/checkouts/${accountNo}/credit`, {
      amount,
      currency: code,
      collection_id,
      sender: sender(),
      ...body,
    }),
    { params: Promise.resolve({ accountNo }) },
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const refusal = (field: string, message: string) => ({ status: 400, body: { error: { code: "invalid_request", field, message } } });

beforeAll(async () => {
  await db();
});

beforeEach(() => {
  sim.faults.clear();
  sim.stats.reset();
});

describe("the credit route reads the amount with exactly the account currency's minor digits", () => {
  it("refuses a third decimal for USD, naming the amount and the currency, with no upstream credit", async () => {
    for (const amount of ["10.125", 10.125, "10,125.001"])
      expect(await post("USD", amount)).toMatchObject(refusal("amount", "Use at most two decimal places for USD."));
    expect(sim.stats.count(CREDIT)).toBe(0);
  });

  it("refuses any decimal for JPY, even a zero, with no upstream credit", async () => {
    for (const amount of ["1000.50", 1000.5, "1000.0", "1000,5"])
      expect(await post("JPY", amount)).toMatchObject(refusal("amount", "JPY has no minor unit: enter a whole amount."));
    expect(sim.stats.count(CREDIT)).toBe(0);
  });

  it("credits a whole JPY amount as it was typed", async () => {
    const res = await post("JPY", "1,000");
    expect(res.status).toBe(200);
    const made = await upstream().getTransaction(String(res.body.id));
    expect(made).toMatchObject({ amount: 1000, currency: "JPY" });
  });

  it("accepts three decimals for KWD and sends them, not rounded", async () => {
    const before = await upstream().getCollection(ACCOUNTS.KWD.collection_id);
    const res = await post("KWD", "1.125");
    expect(res.status).toBe(200);
    expect(await upstream().getTransaction(String(res.body.id))).toMatchObject({ amount: 1.125, currency: "KWD" });
    const after = await upstream().getCollection(ACCOUNTS.KWD.collection_id);
    expect(Math.round((after.balance! - before.balance!) * 1000)).toBe(1125);
    expect(sim.stats.count(CREDIT)).toBe(1);
  });

  it("refuses a fourth decimal for KWD, and asks about a comma that could be thousands or decimals", async () => {
    expect(await post("KWD", "1.1250")).toMatchObject(refusal("amount", "Use at most three decimal places for KWD."));
    expect(await post("KWD", "1,125")).toMatchObject(refusal("amount", "1,125 could be 1125 or 1.125 KWD: type it without the comma."));
    expect(sim.stats.count(CREDIT)).toBe(0);
  });

  it("takes whole amounts only for a currency whose minor unit is not known", async () => {
    expect(await post("XYZ", "12.50")).toMatchObject(refusal("amount", "The minor unit of XYZ is not known here: enter a whole amount."));
    expect((await post("XYZ", "12")).status).toBe(200);
    expect(sim.stats.count(CREDIT)).toBe(1);
  });
});

describe("the currency the request names is checked against the account", () => {
  it("refuses an amount read in another currency than the account's, before any credit", async () => {
    // Read as USD, 1.12 would be sent to a KWD account: 1.120 KWD, not what the form confirmed.
    const res = await post("KWD", "1.12", { currency: "USD" });
    expect(res).toMatchObject({ status: 409, body: { error: { code: "conflict", field: "amount" } } });
    expect(String((res.body.error as { message: string }).message)).toContain("KWD");
    expect(sim.stats.count(CREDIT)).toBe(0);
  });

  it("refuses a collection that is not the account credited", async () => {
    const res = await post("KWD", "1.125", { collection_id: ACCOUNTS.USD.collection_id });
    expect(res).toMatchObject({ status: 400, body: { error: { code: "invalid_request", field: "collection_id" } } });
    expect(sim.stats.count(CREDIT)).toBe(0);
  });

  it("refuses a request that does not name the currency or the collection", async () => {
    expect(await post("USD", "10", { currency: undefined })).toMatchObject({ status: 400, body: { error: { field: "currency" } } });
    expect(await post("USD", "10", { collection_id: undefined })).toMatchObject({
      status: 400,
      body: { error: { field: "collection_id" } },
    });
    expect(sim.stats.count(CREDIT)).toBe(0);
  });
});
