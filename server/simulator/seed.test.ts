import { describe, expect, it } from "vitest";
import type { z } from "@/lib/validation/zod";
import {
  billCategoryEntryListSchema,
  billCategoryItemListSchema,
  billSchema,
  businessSchema,
  bvnRecordSchema,
  cardTransactionListSchema,
  cardTransactionSchema,
  collectionSchema,
  creditSimulationResponseSchema,
  generalErrorSchema,
  transactionSchema,
  updateCustomerResponseSchema,
} from "@/lib/schemas";
import { BILL_CATALOGUE } from "./seed/bill-catalogue";
import { SEED } from "./seed/ids";
import { setup } from "./test-support";

/** Every field present and not null: the seed fills everything (strings may be "" only for report_message). */
function expectFilled(value: unknown, path = "") {
  expect(value, path).not.toBeNull();
  expect(value, path).not.toBeUndefined();
  if (typeof value === "string" && !path.endsWith("report_message")) expect(value, path).not.toBe("");
  if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) expectFilled(v, `${path}.${k}`);
}

async function expectParses(api: Awaited<ReturnType<typeof setup>>["api"], path: string, schema: z.ZodType, keys?: number) {
  const r = await api("GET", path);
  expect(r.status, path).toBe(200);
  const parsed = schema.safeParse(r.json);
  expect(parsed.success, `${path}: ${parsed.error?.message}`).toBe(true);
  expectFilled(r.json, path);
  if (keys !== undefined) expect(Object.keys(r.json as object), path).toHaveLength(keys);
  return r.json;
}

describe("seed data", () => {
  it("the business has every field, and a data: URI logo", async () => {
    const { api } = await setup();
    const business = (await expectParses(api, "/business", businessSchema, 12)) as { id: string; logo: string };
    expect(business.id).toBe(SEED.businesses.sandbox);
    expect(business.logo).toMatch(/^data:image\/svg\+xml,/);
  });

  it.each(Object.values(SEED.transactions))("transaction %s has all 22 fields", async (id) => {
    const { api } = await setup();
    await expectParses(api, `/transactions/${id}`, transactionSchema, 22);
  });

  it("includes a reported transaction, a conversion, and both USD and NGN", async () => {
    const { api } = await setup();
    const all = await Promise.all(
      Object.values(SEED.transactions).map(async (id) => transactionSchema.parse((await api("GET", `/transactions/${id}`)).json)),
    );
    expect(all.find((t) => t.report)?.report_message).toBeTruthy();
    expect(all.some((t) => t.fiat_rate !== 1 && t.category === "CONVERSION")).toBe(true);
    expect(new Set(all.map((t) => t.currency))).toEqual(new Set(["USD", "NGN"]));
  });

  it.each(Object.values(SEED.bills))("bill %s has every transaction field and its bill object", async (id) => {
    const { api } = await setup();
    const bill = (await expectParses(api, `/bills/${id}`, billSchema, 23)) as { bill: object };
    expect(Object.keys(bill.bill)).toHaveLength(5);
  });

  it.each(Object.values(SEED.collections))("collection %s has all 17 fields", async (id) => {
    const { api } = await setup();
    await expectParses(api, `/collections/${id}`, collectionSchema, 17);
  });

  it("every bill category lists its billers and every biller its items", async () => {
    const { api } = await setup();
    for (const [category, billers] of Object.entries(BILL_CATALOGUE)) {
      const entries = billCategoryEntryListSchema.parse(
        await expectParses(api, `/bills/categories/${category}`, billCategoryEntryListSchema),
      );
      expect(entries.map((e) => e.id)).toEqual(billers.map((b) => b.id));
      for (const biller of billers) {
        const items = billCategoryItemListSchema.parse(
          await expectParses(api, `/bills/categories/${category}/items/${biller.id}`, billCategoryItemListSchema),
        );
        expect(items.length).toBeGreaterThan(0);
      }
    }
    expect((await api("GET", "/bills/categories/cat_unknown")).status).toBe(404);
    expect((await api("GET", `/bills/categories/${SEED.billCategories.airtime}/items/${SEED.billers.dstv}`)).status).toBe(404);
  });

  it("a card transaction fetched alone has all 20 fields", async () => {
    const { api } = await setup();
    await expectParses(api, "/cards/card_busy_0001/transactions/ctx_busy_0001_000000", cardTransactionSchema, 20);
  });

  it("makes no text longer than the back-office takes from the upstream: the long card, and a credit at the simulator's own limits", async () => {
    const { api } = await setup();
    const long = await api("GET", `/cards/${SEED.cards.long}/transactions`);
    expect(cardTransactionListSchema.safeParse(long.json).error).toBeUndefined();
    const most = "9".repeat(140);
    const sender = {
      account_name: "A".repeat(140),
      account_number: most,
      bank_code: most,
      bank_name: "B".repeat(140),
      narration: "N".repeat(140),
    };
    const credit = await api("POST", `/checkouts/${SEED.collectionAccountNumbers.usd}/credit`, {
      body: { amount: 1, sender: { ...sender, reference: "R".repeat(140) } },
    });
    expect(credit.status).toBe(200);
    const { id } = creditSimulationResponseSchema.parse(credit.json);
    await expectParses(api, `/transactions/${id}`, transactionSchema, 22);
  });

  it.each(["/transactions/txn_nope", "/bills/bill_nope", "/collections/col_nope", "/cards/card_nope/transactions"])(
    "answers 404 in the general shape for %s",
    async (path) => {
      const { api } = await setup();
      const r = await api("GET", path);
      expect(r.status).toBe(404);
      expect(generalErrorSchema.safeParse(r.json).success).toBe(true);
    },
  );
});

describe("POST /identity/bvn", () => {
  it.each([SEED.bvn.found, SEED.bvn.foundAlt])("returns all 20 fields for %s, with the key lga_of_Origin", async (number) => {
    const { api } = await setup();
    const r = await api("POST", "/identity/bvn", { body: { number } });
    expect(r.status).toBe(200);
    expect(bvnRecordSchema.parse(r.json).bvn).toBe(number);
    expect(Object.keys(r.json as object)).toHaveLength(20);
    expect(r.json).toHaveProperty("lga_of_Origin");
    expectFilled(r.json);
  });

  it.each([SEED.bvn.notFound, "12345678901"])("answers 404 for %s", async (number) => {
    const { api } = await setup();
    expect((await api("POST", "/identity/bvn", { body: { number } })).status).toBe(404);
  });

  it.each([[{ number: "2222222222" }], [{ number: 22222222222 }], [{}], [{ bvn: "22222222222" }], [{ number: "2222222222a" }]])(
    "refuses %j with 400",
    async (body) => {
      const { api } = await setup();
      const r = await api("POST", "/identity/bvn", { body });
      expect(r.status).toBe(400);
      expect(Object.keys(generalErrorSchema.parse(r.json).values ?? {}).length).toBeGreaterThan(0);
    },
  );
});

describe("POST /customers/{id}/update", () => {
  it("updates the stored contact details", async () => {
    const { api } = await setup();
    const r = await api("POST", `/customers/${SEED.customers.approved}/update`, {
      body: { phone_number: "+2348031234567", email: "sophie.m@example.com" },
    });
    expect(r.status).toBe(200);
    expect(updateCustomerResponseSchema.parse(r.json).message).toBeTruthy();
    // Contact details are not the verification's KYC: the approval stands.
    expect((await api("POST", `/customers/${SEED.customers.approved}/card-verification`)).status).toBe(200);
  });

  it.each([
    [{}, "phone_number"],
    [{ email: 5 }, "email"],
    [{ email: "not-an-email" }, "email"],
    [{ phone_number: "08031234567" }, "phone_number"],
    [{ email: "a@b.co", name: "X" }, "name"],
  ])("refuses %j with 400 naming %s", async (body, field) => {
    const { api } = await setup();
    const r = await api("POST", `/customers/${SEED.customers.approved}/update`, { body });
    expect(r.status).toBe(400);
    expect(Object.keys(generalErrorSchema.parse(r.json).values ?? {})).toContain(field);
  });

  it("answers 403 for another business's customer and 404 for an unknown one", async () => {
    const { api } = await setup();
    expect((await api("POST", `/customers/${SEED.customers.otherBusiness}/update`, { body: { email: "a@b.co" } })).status).toBe(403);
    expect((await api("POST", "/customers/cus_nobody/update", { body: { email: "a@b.co" } })).status).toBe(404);
  });
});
