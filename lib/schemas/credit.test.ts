import { describe, expect, it } from "vitest";
import { amountToCents, creditSimulationRequestSchema } from "./credit";

const sender = {
  account_name: "Jane Doe",
  account_number: "0123456789",
  bank_code: "058",
  bank_name: "GTBank",
  narration: "Invoice 42",
  reference: "sim-123",
};
const parse = (amount: unknown, s: Record<string, unknown> = sender) => creditSimulationRequestSchema.safeParse({ amount, sender: s });

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

  it("says why in words", () => {
    expect(amountToCents("1.234")).toEqual({ ok: false, message: "Use at most two decimal places." });
    expect(amountToCents("0")).toEqual({ ok: false, message: "The amount must be more than zero." });
    expect(amountToCents("1000000.01")).toEqual({ ok: false, message: "The amount is at most 1,000,000." });
    expect(amountToCents("1,000.50")).toEqual({ ok: true, cents: 100050 });
  });

  it("reads a decimal comma (an iPhone's decimal keypad in a comma-decimal region has no dot), never a thousands group", () => {
    expect(amountToCents("12,50")).toEqual({ ok: true, cents: 1250 });
    expect(amountToCents("1,5")).toEqual({ ok: true, cents: 150 });
    expect(amountToCents(" 0,01 ")).toEqual({ ok: true, cents: 1 });
    // Two digits after the one comma are cents: a thousands group always has three.
    expect(amountToCents("1,00")).toEqual({ ok: true, cents: 100 });
    expect(amountToCents("1,500")).toEqual({ ok: true, cents: 150000 });
    const asDigits = { ok: false, message: "Enter the amount as digits with at most two decimals, for example 1,000.50." };
    expect(amountToCents("1,500,50")).toEqual(asDigits);
    expect(amountToCents("1.000,50")).toEqual(asDigits);
    expect(amountToCents("12,5,0")).toEqual(asDigits);
    expect(amountToCents("0,00")).toEqual({ ok: false, message: "The amount must be more than zero." });
    expect(amountToCents("\u0661\u0662,\u0665\u0660")).toEqual({
      ok: false,
      message: "Type the amount with the digits 0–9: digits from other scripts are not accepted.",
    });
    expect(parse("12,50").data?.amount).toBe(12.5);
  });

  it("says that digits of another script are refused, rather than that they are not digits", () => {
    const otherScript = "Type the amount with the digits 0–9: digits from other scripts are not accepted.";
    expect(amountToCents("\uff11\uff10\uff10")).toEqual({ ok: false, message: otherScript });
    expect(amountToCents("\u0661\u0660\u0660.\u0665\u0660")).toEqual({ ok: false, message: otherScript });
    expect(amountToCents("1 000")).toEqual({
      ok: false,
      message: "Enter the amount as digits with at most two decimals, for example 1,000.50.",
    });
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
