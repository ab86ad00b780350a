import { describe, expect, it } from "vitest";
import { creditSimulationRequestSchema } from "./credit";

const sender = {
  account_name: "Jane Doe",
  account_number: "0123456789",
  bank_code: "058",
  bank_name: "GTBank",
  narration: "Invoice 42",
  reference: "sim-123",
};
const parse = (amount: unknown, s: Record<string, unknown> = sender, currency: string | null = "USD") =>
  creditSimulationRequestSchema.safeParse({ amount, currency, collection_id: "col_usd_0001", sender: s });

describe("credit amount", () => {
  it.each([
    ["1,000.50", 1000.5],
    ["1000.5", 1000.5],
    ["1,000", 1000],
    ["0.29", 0.29],
    ["19.99", 19.99],
    [" 12 ", 12],
    ["1,000,000", 1_000_000],
    ["1000000.00", 1_000_000],
    [10.5, 10.5],
    [0.01, 0.01],
  ])("accepts %j as %d", (amount, expected) => {
    const result = parse(amount);
    expect(result.success).toBe(true);
    expect(result.data?.amount).toBe(expected);
  });

  it.each([
    "1e3",
    "5e-324",
    "NaN",
    "Infinity",
    "0",
    "0.00",
    "-1",
    "1000000.01",
    "1.001",
    "12.345",
    "1,0000",
    "0x10",
    "1 000",
    "",
    "١٢",
    5e-324,
    1e21,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    0,
    -1,
    1_000_000.01,
    0.001,
    null,
    true,
  ])("refuses %j, naming the amount", (amount) => {
    const result = parse(amount);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["amount"]);
  });

  it("reads the amount in the currency the request names, and says why in words", () => {
    const message = (amount: unknown, currency: string | null) => parse(amount, sender, currency).error?.issues[0]?.message;
    expect(message("1.234", "USD")).toBe("Use at most two decimal places for USD.");
    expect(message("1000.50", "JPY")).toBe("JPY has no minor unit: enter a whole amount.");
    expect(message(1000.5, "JPY")).toBe("JPY has no minor unit: enter a whole amount.");
    expect(parse("1.125", sender, "KWD").data?.amount).toBe(1.125);
    expect(parse(1.125, sender, "kwd").data?.amount).toBe(1.125);
    expect(parse("1000", sender, "JPY").data?.amount).toBe(1000);
    expect(parse("12,50", sender, "USD").data?.amount).toBe(12.5);
    expect(message("12.50", null)).toBe("The account has no currency on record: enter a whole amount.");
  });

  it("names the amount together with a wrong sender field, as the form shows them", () => {
    const result = parse("1000.50", { ...sender, bank_code: "05 8" }, "JPY");
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["sender.bank_code", "amount"]);
  });

  it("needs the account's currency and its collection id, which the route checks against the account", () => {
    const body = { amount: "5", currency: "USD", collection_id: "col_usd_0001", sender };
    const { currency: _c, ...noCurrency } = body;
    const { collection_id: _i, ...noCollection } = body;
    expect(creditSimulationRequestSchema.safeParse(noCurrency).error?.issues[0]?.path).toEqual(["currency"]);
    expect(creditSimulationRequestSchema.safeParse(noCollection).error?.issues[0]?.path).toEqual(["collection_id"]);
    expect(creditSimulationRequestSchema.safeParse({ ...body, collection_id: "../x" }).error?.issues[0]?.path).toEqual(["collection_id"]);
    expect(creditSimulationRequestSchema.safeParse({ ...body, currency: "US D" }).error?.issues[0]?.path).toEqual(["currency"]);
  });
});

describe("credit sender fields", () => {
  it("says that an account number in another script's digits is refused for its script", () => {
    const result = parse("5", { ...sender, account_number: "\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669" });
    expect(result.error?.issues[0]).toMatchObject({
      path: ["sender", "account_number"],
      message: "Type the sender account number with the digits 0–9: digits from other scripts are not accepted.",
    });
    expect(parse("5", { ...sender, account_number: "01-23" }).error?.issues[0]?.message).toBe("The sender account number is digits only.");
  });

  it("names the missing sender field", () => {
    const result = parse("5", { ...sender, bank_code: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["sender", "bank_code"]);
  });

  const fields = Object.keys(sender);
  const hostile = ["a\u0000b", "a\nb", "a\tb", "a\u001bb", "a\u007fb", "a\u0085b", "a\ud800b", "a\udc00"];
  it.each(fields.flatMap((field) => hostile.map((value) => [field, value] as const)))(
    "refuses %s = %j with the field's name",
    (field, value) => {
      const result = parse("5", { ...sender, [field]: value });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["sender", field]);
    },
  );

  it("keeps a proper astral character in free text", () => {
    expect(parse("5", { ...sender, narration: "Paid 👍" }).success).toBe(true);
  });
});
