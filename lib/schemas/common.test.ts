import { describe, expect, it } from "vitest";
import type { z } from "@/lib/validation/zod";
import { billCategoryEntrySchema, billCategoryItemSchema } from "./bill-catalogue";
import { billSchema } from "./bill";
import { businessSchema } from "./business";
import { bvnRecordSchema } from "./bvn";
import { createdCardSchema } from "./card";
import { cardTransactionRowSchema, cardTransactionSchema } from "./card-transaction";
import { cardVerificationSchema } from "./card-verification";
import { collectionSchema } from "./collection";
import { UPSTREAM_TEXT_MAX, type UpstreamTextKind } from "./common";
import { creditSimulationResponseSchema } from "./credit";
import { updateCustomerResponseSchema } from "./customer";
import { transactionSchema } from "./transaction";

const transactionText = {
  id: "id",
  reference: "line",
  account_name: "line",
  account_number: "line",
  bank_code: "line",
  bank_name: "line",
  currency: "code",
  category: "code",
  type: "code",
  status: "code",
  payment_method: "code",
  detail: "text",
  imad: "line",
  session_id: "line",
  trace_number: "line",
  report_message: "text",
} as const;

type Answer = [name: string, schema: z.ZodType & { shape: object }, base: Record<string, unknown>, text: Record<string, UpstreamTextKind>];

/** Every upstream answer, a smallest valid one, and the bound each of its text fields has. */
const answers: Answer[] = [
  ["a transaction", transactionSchema, { id: "txn_1" }, transactionText],
  [
    "a bill",
    billSchema,
    { id: "bill_1", bill: {} },
    {
      ...transactionText,
      "bill.bill_code": "code",
      "bill.bill_name": "line",
      "bill.item_code": "code",
      "bill.name": "line",
      "bill.token": "line",
    },
  ],
  [
    "a card transaction",
    cardTransactionSchema,
    { id: "ctx_1" },
    {
      id: "id",
      reference: "line",
      currency: "code",
      category: "code",
      type: "code",
      status: "code",
      description: "text",
      merchant_name: "line",
      merchant_city: "line",
      merchant_state: "line",
      merchant_country: "code",
      merchant_postal_code: "code",
      merchant_mcc: "code",
      merchant_mid: "line",
      report_message: "text",
    },
  ],
  [
    "a card transaction in a card's list",
    cardTransactionRowSchema,
    { id: "ctx_1" },
    {
      id: "id",
      reference: "line",
      currency: "code",
      category: "code",
      type: "code",
      status: "code",
      description: "text",
      merchant_name: "line",
    },
  ],
  [
    "a collection",
    collectionSchema,
    { id: "col_1" },
    {
      id: "id",
      reference: "line",
      account_name: "line",
      account_number: "line",
      account_type: "code",
      address: "text",
      bank_address: "text",
      bank_code: "line",
      bank_name: "line",
      routing_number: "line",
      currency: "code",
      status: "code",
    },
  ],
  [
    "a BVN record",
    bvnRecordSchema,
    { bvn: "22222222222" },
    {
      bvn: "code",
      reference: "line",
      title: "code",
      first_name: "line",
      middle_name: "line",
      last_name: "line",
      gender: "code",
      date_of_birth: "code",
      marital_status: "code",
      nationality: "line",
      email: "line",
      phone_number: "line",
      residential_address: "text",
      state_of_origin: "line",
      state_of_residence: "line",
      lga_of_Origin: "line",
      lga_of_residence: "line",
      enrollment_bank: "line",
      enrollment_branch: "line",
      registration_date: "code",
    },
  ],
  [
    "a verification status",
    cardVerificationSchema,
    { customer_id: "cus_1", status: "PENDING", can_create_card: false },
    { customer_id: "id" },
  ],
  [
    "a created card",
    createdCardSchema,
    { id: "card_1", last4: "1234" },
    { id: "id", customer_id: "id", type: "code", currency: "code", status: "code", brand: "code" },
  ],
  [
    "the business",
    businessSchema,
    { id: "biz_1" },
    {
      id: "id",
      name: "line",
      slug: "line",
      type: "code",
      status: "code",
      activity_status: "code",
      address: "text",
      country: "code",
      email: "line",
      logo: "url",
    },
  ],
  ["a bill category entry", billCategoryEntrySchema, { id: "biller_1" }, { id: "id", name: "line" }],
  ["a bill category item", billCategoryItemSchema, { id: "item_1" }, { id: "id", code: "code", name: "line", currency: "code" }],
  ["a credit simulation", creditSimulationResponseSchema, { id: "txn_1" }, { id: "id", message: "text", reference: "line" }],
  ["a customer update", updateCustomerResponseSchema, {}, { message: "text" }],
];

/** `base` with `value` at a dotted path ("bill.token"). */
function withField(base: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split(".") as [string, ...string[]];
  if (rest.length === 0) return { ...base, [head]: value };
  return { ...base, [head]: withField((base[head] as Record<string, unknown>) ?? {}, rest.join("."), value) };
}

const cases = answers.flatMap(([name, schema, base, text]) =>
  Object.entries(text).map(([field, kind]) => ({ name, schema, base, field, kind, max: UPSTREAM_TEXT_MAX[kind] })),
);

describe("text in an upstream answer", () => {
  it.each(cases)(
    "$name: $field is taken at $max characters ($kind) and refused past it, naming the field",
    ({ schema, base, field, max }) => {
      const at = schema.safeParse(withField(base, field, "x".repeat(max)));
      expect(at.success, at.error?.message).toBe(true);
      const past = schema.safeParse(withField(base, field, "x".repeat(max + 1)));
      expect(past.success).toBe(false);
      expect(past.error?.issues.map((i) => i.path.join("."))).toEqual([field]);
    },
  );

  it.each(answers)("%s: carries no field of 200,000 characters through, whatever the field", (_name, schema, base) => {
    const huge = "x".repeat(200_000);
    for (const field of Object.keys(schema.shape)) {
      const parsed = schema.safeParse({ ...base, [field]: huge });
      // Refused, or dropped as last4 is: either way it goes no further.
      if (parsed.success) expect(JSON.stringify(parsed.data).length, field).toBeLessThan(1_000);
    }
  });
});
