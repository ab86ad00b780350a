import { describe, expect, it } from "vitest";
import { creditAmountText, readCreditAmount } from "./credit-amount";

const read = readCreditAmount;
const otherScript = "Type the amount with the digits 0–9: digits from other scripts are not accepted.";

describe("a typed credit amount is read with exactly the currency's minor digits", () => {
  it.each([
    ["1,000.50", "USD", 100050, 1000.5],
    ["1000.5", "USD", 100050, 1000.5],
    ["0.29", "USD", 29, 0.29],
    ["1,000,000", "NGN", 100_000_000, 1_000_000],
    ["1000", "JPY", 1000, 1000],
    ["1,000", "JPY", 1000, 1000],
    ["1.125", "KWD", 1125, 1.125],
    ["1,000.125", "BHD", 1_000_125, 1000.125],
    ["0.001", "KWD", 1, 0.001],
    ["1000000.000", "KWD", 1_000_000_000, 1_000_000],
    ["12", "XYZ", 12, 12],
    ["12", null, 12, 12],
  ])("%j in %s is %d minor units, sent as %d", (text, currency, minor, amount) => {
    expect(read(text, currency)).toMatchObject({ ok: true, minor, amount });
  });

  it("refuses a decimal more than the currency has, naming the currency, instead of rounding", () => {
    expect(read("10.125", "USD")).toEqual({ ok: false, message: "Use at most two decimal places for USD." });
    expect(read("1.500", "USD")).toEqual({ ok: false, message: "Use at most two decimal places for USD." });
    expect(read("1000.50", "JPY")).toEqual({ ok: false, message: "JPY has no minor unit: enter a whole amount." });
    expect(read("1000.0", "JPY")).toEqual({ ok: false, message: "JPY has no minor unit: enter a whole amount." });
    expect(read("1.1250", "KWD")).toEqual({ ok: false, message: "Use at most three decimal places for KWD." });
  });

  it("takes whole amounts only when the currency's minor unit is not known, or the account has none", () => {
    expect(read("12.50", "XYZ")).toEqual({ ok: false, message: "The minor unit of XYZ is not known here: enter a whole amount." });
    expect(read("12.50", null)).toEqual({ ok: false, message: "The account has no currency on record: enter a whole amount." });
    expect(read("12.50", "not a code")).toEqual({
      ok: false,
      message: "The minor unit of the account's currency is not known here: enter a whole amount.",
    });
  });

  it("reads a decimal comma up to the currency's digits", () => {
    expect(read("12,50", "USD")).toMatchObject({ ok: true, minor: 1250 });
    expect(read("1,5", "USD")).toMatchObject({ ok: true, minor: 150 });
    expect(read(" 0,01 ", "USD")).toMatchObject({ ok: true, minor: 1 });
    expect(read("1,00", "USD")).toMatchObject({ ok: true, minor: 100 });
    expect(read("1,5", "KWD")).toMatchObject({ ok: true, minor: 1500 });
    expect(read("1234,125", "KWD")).toMatchObject({ ok: true, minor: 1_234_125 });
    expect(read("12,5", "JPY")).toEqual({ ok: false, message: "JPY has no minor unit: enter a whole amount." });
    expect(read("12,5055", "USD")).toEqual({ ok: false, message: "Use at most two decimal places for USD." });
    expect(read("0,00", "USD")).toEqual({ ok: false, message: "The amount must be more than zero." });
  });

  it("reads a single three-digit group as thousands, and asks when the currency has three decimals", () => {
    expect(read("1,500", "USD")).toMatchObject({ ok: true, minor: 150_000 });
    expect(read("1,500", "JPY")).toMatchObject({ ok: true, minor: 1500 });
    expect(read("1,500", "KWD")).toEqual({ ok: false, message: "1,500 could be 1500 or 1.500 KWD: type it without the comma." });
    expect(read("1,000,000", "KWD")).toMatchObject({ ok: true, minor: 1_000_000_000 });
    expect(read("1,500.250", "KWD")).toMatchObject({ ok: true, minor: 1_500_250 });
  });

  it("says which digits it wants, in the currency's terms", () => {
    expect(read("1.000,50", "USD")).toEqual({
      ok: false,
      message: "Enter the amount as digits with at most two decimals, for example 1,000.50.",
    });
    expect(read("1 000", "JPY")).toEqual({ ok: false, message: "Enter the amount as digits, for example 1,000." });
    expect(read("1e3", "KWD")).toEqual({
      ok: false,
      message: "Enter the amount as digits with at most three decimals, for example 1,000.500.",
    });
  });

  it("keeps its other refusals", () => {
    expect(read("", "USD")).toEqual({ ok: false, message: "Enter an amount." });
    expect(read("-1", "USD")).toEqual({ ok: false, message: "The amount must be more than zero." });
    expect(read("1000000.01", "USD")).toEqual({ ok: false, message: "The amount is at most 1,000,000." });
    expect(read("1000001", "JPY")).toEqual({ ok: false, message: "The amount is at most 1,000,000." });
    expect(read("1000000.001", "KWD")).toEqual({ ok: false, message: "The amount is at most 1,000,000." });
  });

  it("says that digits of another script are refused, rather than that they are not digits", () => {
    expect(read("\uff11\uff10\uff10", "JPY")).toEqual({ ok: false, message: otherScript });
    expect(read("\u0661\u0660\u0660.\u0665\u0660", "USD")).toEqual({ ok: false, message: otherScript });
    expect(read("\u0661\u0662,\u0665\u0660", "USD")).toEqual({ ok: false, message: otherScript });
    expect(read("\u0661,\u0661\u0662\u0665", "KWD")).toEqual({ ok: false, message: otherScript });
  });
});

describe("the confirmation of a credit", () => {
  it("writes the amount with exactly the digits that were read and sent", () => {
    const text = (typed: string, currency: string | null) => {
      const amount = read(typed, currency);
      return amount.ok ? creditAmountText(amount, currency) : amount.message;
    };
    expect(text("1,000.5", "USD")).toBe("1,000.50 USD");
    expect(text("1000", "JPY")).toBe("1,000 JPY");
    expect(text("1.125", "KWD")).toBe("1.125 KWD");
    expect(text("1000000", "KWD")).toBe("1,000,000.000 KWD");
    expect(text("12", "XYZ")).toBe("12 XYZ");
    expect(text("12", null)).toBe("12");
  });
});
