import { describe, expect, it } from "vitest";
import { currencyMinorDigits, decimalOfMinor, formatMoney, toMinorUnits } from "./money";
import { formatAmountPlain, formatRate, netAmount } from "./money-figures";

// ICU separates a currency code from the number with a no-break space; compare what people read.
const plain = (s: string) => s.replace(/\u00a0/g, " ");

describe("formatMoney", () => {
  it("formats USD in major units with a symbol and two decimals", () => {
    expect(formatMoney(12.5, "USD")).toBe("$12.50");
    expect(formatMoney(1234567.891, "USD")).toBe("$1,234,567.89");
    expect(formatMoney(0, "USD")).toBe("$0.00");
  });

  it("formats NGN with the naira sign, grouping and kobo", () => {
    expect(formatMoney(1234.5, "NGN")).toBe("₦1,234.50");
    expect(formatMoney(25_000, "ngn")).toBe("₦25,000.00");
    expect(formatMoney(5_000_000, "NGN")).toBe("₦5,000,000.00");
  });

  it("keeps the symbol that names the country for other dollars and the code where en-US uses one", () => {
    expect(formatMoney(10, "CAD")).toBe("CA$10.00");
    expect(plain(formatMoney(10, "GHS"))).toBe("GHS 10.00");
    expect(formatMoney(10, "EUR")).toBe("€10.00");
  });

  it("shows JPY without minor units and KWD with three", () => {
    expect(formatMoney(1234.5, "JPY")).toBe("¥1,235");
    expect(formatMoney(1000, "JPY")).toBe("¥1,000");
    expect(plain(formatMoney(1.2345, "KWD"))).toBe("KWD 1.235");
  });

  it("keeps the minus sign on negative amounts (refunds, reversals)", () => {
    expect(formatMoney(-12.5, "USD")).toBe("-$12.50");
    expect(formatMoney(-1234.5, "NGN")).toBe("-₦1,234.50");
  });

  it("rounds half away from zero without binary floating errors", () => {
    expect(formatMoney(1.005, "USD")).toBe("$1.01");
    expect(formatMoney(-1.005, "USD")).toBe("-$1.01");
    expect(formatMoney(0.1 + 0.2, "USD")).toBe("$0.30");
  });

  it("never shows a negative zero", () => {
    expect(formatMoney(-0.001, "USD")).toBe("$0.00");
    expect(formatMoney(-0, "USD")).toBe("$0.00");
  });

  it("accepts lower-case and padded currency codes", () => {
    expect(formatMoney(10, " usd ")).toBe("$10.00");
  });

  it("falls back to the number and the code for unknown or malformed currencies", () => {
    expect(formatMoney(1234.5, "XYZ")).toBe("1,234.50 XYZ");
    expect(formatMoney(1234.567, "US")).toBe("1,234.57 US");
    expect(formatMoney(-3, "DOLLARS")).toBe("-3.00 DOLLARS");
  });

  it("shows the bare number when the currency is missing", () => {
    expect(formatMoney(1234.5, null)).toBe("1,234.50");
    expect(formatMoney(1234.5, "")).toBe("1,234.50");
  });

  it("shows a dash, never 0, when the amount is missing or not a number", () => {
    expect(formatMoney(null, "USD")).toBe("—");
    expect(formatMoney(undefined, "USD")).toBe("—");
    expect(formatMoney(Number.NaN, "USD")).toBe("—");
    expect(formatMoney(null, null)).toBe("—");
  });
});

describe("currencyMinorDigits and toMinorUnits", () => {
  it("knows the minor digits of common currencies", () => {
    expect(currencyMinorDigits("USD")).toBe(2);
    expect(currencyMinorDigits("NGN")).toBe(2);
    expect(currencyMinorDigits("JPY")).toBe(0);
    expect(currencyMinorDigits("KWD")).toBe(3);
    expect(currencyMinorDigits("XYZ")).toBeNull();
    expect(currencyMinorDigits(null)).toBeNull();
  });

  it("converts to integer minor units", () => {
    expect(toMinorUnits(12.34, 2)).toBe(1234);
    expect(toMinorUnits(1.005, 2)).toBe(101);
    expect(toMinorUnits(-2.675, 2)).toBe(-268);
    expect(toMinorUnits(1e-7, 2)).toBe(0);
    expect(toMinorUnits(1e21, 0)).toBe(1e21);
  });
});

describe("formatAmountPlain (CSV)", () => {
  it("has fixed minor digits, no symbol, no grouping", () => {
    expect(formatAmountPlain(1234.5, "USD")).toBe("1234.50");
    expect(formatAmountPlain(1234567.891, "NGN")).toBe("1234567.89");
    expect(formatAmountPlain(1234.5, "JPY")).toBe("1235");
    expect(formatAmountPlain(1.2345, "KWD")).toBe("1.235");
  });

  it("handles small and negative amounts", () => {
    expect(formatAmountPlain(0.05, "USD")).toBe("0.05");
    expect(formatAmountPlain(-0.05, "USD")).toBe("-0.05");
    expect(formatAmountPlain(-1234.5, "NGN")).toBe("-1234.50");
    expect(formatAmountPlain(-0.001, "USD")).toBe("0.00");
  });

  it("uses two decimals for an unknown currency and an empty cell for a missing amount", () => {
    expect(formatAmountPlain(7, "XYZ")).toBe("7.00");
    expect(formatAmountPlain(null, "USD")).toBe("");
  });
});

describe("netAmount", () => {
  it("subtracts charges without floating errors", () => {
    expect(netAmount(0.3, 0.1, "USD")).toBe(0.2);
    expect(netAmount(0.1 + 0.2, 0.1, "USD")).toBe(0.2);
    expect(netAmount(0.3, 0.1)).toBe(0.2);
    expect(netAmount(1000, 10.75, "NGN")).toBe(989.25);
  });

  it("rounds each side to the currency's minor units so gross − fee matches the screen", () => {
    expect(netAmount(10.005, 0.005, "USD")).toBe(10);
    expect(netAmount(1000.4, 20.4, "JPY")).toBe(980);
  });

  it("keeps the inputs' decimals when the currency is unknown", () => {
    expect(netAmount(1.2345, 0.0001, null)).toBe(1.2344);
  });

  it("can be negative when the charges exceed the amount", () => {
    expect(netAmount(5, 7.5, "USD")).toBe(-2.5);
  });

  it("is unknown when either side is missing", () => {
    expect(netAmount(null, 1, "USD")).toBeNull();
    expect(netAmount(10, null, "USD")).toBeNull();
  });
});

describe("formatRate", () => {
  it("shows up to six decimals, or six significant digits for tiny rates", () => {
    expect(formatRate(1550.5)).toBe("1,550.5");
    expect(formatRate(1.23456789)).toBe("1.234568");
    expect(formatRate(0.00064516129)).toBe("0.000645161");
    expect(formatRate(1)).toBe("1");
  });

  it("shows a dash when missing", () => {
    expect(formatRate(null)).toBe("—");
    expect(formatRate(Number.POSITIVE_INFINITY)).toBe("—");
  });
});

describe("amounts past 10^21", () => {
  it("are written with every digit in CSV cells and on screen, never in exponent notation", () => {
    expect(formatAmountPlain(1e20, "USD")).toBe("100000000000000000000.00");
    expect(formatAmountPlain(-1e22, "JPY")).toBe("-10000000000000000000000");
    expect(formatMoney(1e20, "USD")).toBe("$100,000,000,000,000,000,000.00");
    for (const amount of [1e21, 1e25, 1e300]) expect(formatAmountPlain(amount, "USD"), String(amount)).toMatch(/^\d+\.\d\d$/);
  });
});

describe("an amount written out as a decimal", () => {
  it("is formatted from its digits, all of them, where a number would round the last ones", () => {
    expect(formatMoney("90071992547409.93", "USD")).toBe("$90,071,992,547,409.93");
    expect(formatMoney(90071992547409.93, "USD")).not.toBe("$90,071,992,547,409.93");
    expect(formatMoney("135107988821113.50", "NGN")).toBe("₦135,107,988,821,113.50");
    expect(formatMoney("-7.00", "USD")).toBe("-$7.00");
    expect(formatMoney("1235", "JPY")).toBe("¥1,235");
  });

  it("rounds half away from zero to the currency's digits, falls back for an unknown code, and shows — for anything else", () => {
    expect(formatMoney("1.005", "USD")).toBe("$1.01");
    expect(formatMoney("-1.005", "USD")).toBe("-$1.01");
    expect(formatMoney("1234.5", "XYZ")).toBe("1,234.50 XYZ");
    expect(formatMoney("1234.5", null)).toBe("1,234.50");
    for (const text of ["", "1e3", "12.", ".5", "NaN", "Infinity", "1,000", " 1"]) expect(formatMoney(text, "USD"), text).toBe("—");
  });

  it("comes from minor units with every digit, as the CSV writes them", () => {
    expect(decimalOfMinor(9007199254740993n, 2)).toBe("90071992547409.93");
    expect(decimalOfMinor(-5n, 2)).toBe("-0.05");
    expect(decimalOfMinor(0n, 3)).toBe("0.000");
    expect(decimalOfMinor(1235n, 0)).toBe("1235");
  });
});
