import { describe, expect, it, vi } from "vitest";
import type { CreditRequest } from "@/lib/client/finance";
import { postCredit } from "@/lib/contracts/finance";
import { createFormSender, type SendSpec } from "@/components/forms/form-sender";
import {
  CREDIT_FIELDS,
  creditAmountHint,
  creditedText,
  creditFormOf,
  creditInput,
  type CreditAccount,
  type CreditForm,
} from "./credit-form";

type Field = (typeof CREDIT_FIELDS)[number];

/** The dialog's submit (credit-dialog-body.tsx) with the route's own schema, for one account. */
async function submit(account: CreditAccount, amount: string) {
  const sent: CreditRequest[] = [];
  const out = { setValues: vi.fn(), setErrors: vi.fn(), setSending: vi.fn() };
  const values: CreditForm = {
    amount,
    account_name: "Jane Doe",
    account_number: "0123456789",
    bank_code: "058",
    bank_name: "GTBank",
    narration: "Invoice 42",
    reference: "REF-1",
  };
  const spec: SendSpec<CreditForm, CreditRequest, unknown, Field> = {
    initial: () => values,
    schema: async () => postCredit.body,
    toInput: creditInput(account),
    fields: CREDIT_FIELDS,
    mutate: (input) => void sent.push(input),
    fallbackMessage: "The credit could not be simulated. Try again.",
  };
  await createFormSender().send(values, spec, out);
  return { sent, errors: out.setErrors.mock.lastCall?.[0] as { fields: Partial<Record<Field, string>>; form: string | null } };
}

const usd = { collectionId: "col_usd_0001", currency: "USD" };
const jpy = { collectionId: "col_jpy_0001", currency: "JPY" };
const kwd = { collectionId: "col_kwd_0001", currency: "KWD" };

describe("the credit form reads the amount in the account's currency", () => {
  it("puts a decimal the currency does not have under the amount, and sends nothing", async () => {
    expect(await submit(jpy, "1000.50")).toMatchObject({
      sent: [],
      errors: { fields: { amount: "JPY has no minor unit: enter a whole amount." } },
    });
    expect(await submit(usd, "10.125")).toMatchObject({
      sent: [],
      errors: { fields: { amount: "Use at most two decimal places for USD." } },
    });
  });

  it("sends three decimals for KWD as they were typed, with the account's currency and collection", async () => {
    const { sent } = await submit(kwd, "1.125");
    expect(sent).toEqual([expect.objectContaining({ amount: 1.125, currency: "KWD", collection_id: "col_kwd_0001" })]);
    expect(creditedText(sent[0]!)).toBe("1.125 KWD");
  });

  it("confirms what was sent, in the currency's digits", async () => {
    expect(creditedText((await submit(jpy, "1,000")).sent[0]!)).toBe("1,000 JPY");
    expect(creditedText((await submit(usd, "12,5")).sent[0]!)).toBe("12.50 USD");
  });

  it("opens a credit whose outcome is unknown again with the amount sent and its reference", async () => {
    const { sent } = await submit(kwd, "1,5");
    const again = creditFormOf(sent[0]!);
    expect(again).toMatchObject({ amount: "1.5", reference: "REF-1" });
    expect((await submit(kwd, again.amount)).sent[0]).toEqual(sent[0]);
  });

  it("says under the field when the currency does not take two decimals", () => {
    expect(creditAmountHint("USD")).toBeUndefined();
    expect(creditAmountHint("JPY")).toBe("Whole amounts only: JPY has no minor unit.");
    expect(creditAmountHint("KWD")).toBe("Up to 3 decimal places for KWD.");
    expect(creditAmountHint("XYZ")).toBe("Whole amounts only: the minor unit of XYZ is not known here.");
    expect(creditAmountHint(null)).toBe("Whole amounts only: the account has no currency on record.");
  });
});
