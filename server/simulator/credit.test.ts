import { describe, expect, it, vi } from "vitest";
import { collectionSchema, creditSimulationResponseSchema, generalErrorSchema, transactionSchema } from "@/lib/schemas";
import { SEED } from "./seed/ids";
import { setup } from "./test-support";

// Beside the seeded USD and NGN accounts, ones in currencies of no minor unit and of three.
vi.mock("./seed/collections", async (original) => {
  const real = await original<typeof import("./seed/collections")>();
  const { withOtherCurrencies } = await import("@/server/testing/other-currency-collections");
  return { seedCollections: () => withOtherCurrencies(real.seedCollections()) };
});

const sender = {
  account_name: "Brightwater Imports LLC",
  account_number: "483920175512",
  bank_code: "021000021",
  bank_name: "JPMorgan Chase Bank, N.A.",
  narration: "Invoice INV-2026-0500",
  reference: "BW-20261110-01",
};
const usdAccount = SEED.collectionAccountNumbers.usd;

describe("POST /checkouts/{accountNo}/credit", () => {
  it("credits the collection account and records a retrievable transaction", async () => {
    const { api } = await setup();
    const before = collectionSchema.parse((await api("GET", `/collections/${SEED.collections.usd}`)).json);
    const r = await api("POST", `/checkouts/${usdAccount}/credit`, { body: { amount: 250.25, sender } });
    expect(r.status).toBe(200);
    const created = creditSimulationResponseSchema.parse(r.json);

    const after = collectionSchema.parse((await api("GET", `/collections/${SEED.collections.usd}`)).json);
    expect(after.balance).toBeCloseTo(before.balance! + 250.25, 2);
    expect(after.total_received).toBeCloseTo(before.total_received! + 250.25, 2);

    const txn = transactionSchema.parse((await api("GET", `/transactions/${created.id}`)).json);
    expect(txn).toMatchObject({
      id: created.id,
      reference: created.reference,
      amount: 250.25,
      currency: "USD",
      category: "COLLECTION",
      type: "CREDIT",
      status: "SUCCESS",
      payment_method: "BANK_TRANSFER",
      account_name: sender.account_name,
      detail: sender.narration,
    });
  });

  it("gives each credit its own transaction", async () => {
    const { api } = await setup();
    const a = creditSimulationResponseSchema.parse(
      (await api("POST", `/checkouts/${usdAccount}/credit`, { body: { amount: 1, sender } })).json,
    );
    const b = creditSimulationResponseSchema.parse(
      (await api("POST", `/checkouts/${usdAccount}/credit`, { body: { amount: 2, sender } })).json,
    );
    expect(a.id).not.toBe(b.id);
    expect(a.reference).not.toBe(b.reference);
  });

  it("answers 404 for an unknown account number", async () => {
    const { api } = await setup();
    expect((await api("POST", "/checkouts/9999999999/credit", { body: { amount: 10, sender } })).status).toBe(404);
  });

  it("answers 403 in production and changes nothing", async () => {
    const { api } = await setup({ environment: "production" });
    const r = await api("POST", `/checkouts/${usdAccount}/credit`, { body: { amount: 10, sender } });
    expect(r.status).toBe(403);
    expect(generalErrorSchema.safeParse(r.json).success).toBe(true);
  });

  it.each([
    [{ amount: 0, sender }, "amount"],
    [{ amount: -5, sender }, "amount"],
    [{ amount: "10", sender }, "amount"],
    [{ amount: 10.005, sender }, "amount"],
    [{ sender }, "amount"],
    [{ amount: 10 }, "sender"],
    [{ amount: 10, sender: { ...sender, bank_code: 21 } }, "sender.bank_code"],
    [{ amount: 10, sender: { ...sender, narration: "" } }, "sender.narration"],
    [{ amount: 10, sender: { ...sender, reference: undefined } }, "sender.reference"],
    [{ amount: 10, sender, currency: "USD" }, "currency"],
  ])("refuses %j with 400 naming %s", async (body, field) => {
    const { api } = await setup();
    const r = await api("POST", `/checkouts/${usdAccount}/credit`, { body });
    expect(r.status).toBe(400);
    expect(Object.keys(generalErrorSchema.parse(r.json).values ?? {})).toContain(field);
  });

  it("takes exactly the account currency's minor digits: three for KWD, kept to the fils, none for JPY", async () => {
    const { api } = await setup();
    const kwd = await api("POST", "/checkouts/6012345678/credit", { body: { amount: 1.125, sender } });
    expect(kwd.status).toBe(200);
    const after = collectionSchema.parse((await api("GET", "/collections/col_kwd_0001")).json);
    expect(after.balance).toBe(1521.5);
    expect((await api("POST", "/checkouts/6012345678/credit", { body: { amount: 1.1255, sender } })).status).toBe(400);
    const jpy = await api("POST", "/checkouts/7012345678/credit", { body: { amount: 1000.5, sender } });
    expect(jpy.status).toBe(400);
    expect(generalErrorSchema.parse(jpy.json).values).toMatchObject({ amount: "JPY has no minor unit: send a whole amount." });
    expect((await api("POST", "/checkouts/7012345678/credit", { body: { amount: 1000, sender } })).status).toBe(200);
  });

  it("accepts amounts with two decimals that binary floating point cannot represent exactly", async () => {
    const { api } = await setup();
    expect((await api("POST", `/checkouts/${usdAccount}/credit`, { body: { amount: 0.29, sender } })).status).toBe(200);
  });
});
