import { describe, expect, it } from "vitest";
import {
  currencyMinorDigits,
  formatAmountPlain,
  formatDateTime,
  formatMoney,
  formatRate,
  formatRelative,
  maskEmail,
  maskPhone,
  maskTail,
  netAmount,
  sumByCurrency,
  toMinorUnits,
} from "./format";

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

describe("sumByCurrency", () => {
  it("sums each currency separately in minor units", () => {
    const totals = sumByCurrency([
      { amount: 0.1, currency: "USD" },
      { amount: 0.2, currency: "usd" },
      { amount: 1500.5, currency: "NGN" },
      { amount: -500.25, currency: "NGN" },
      { amount: 100, currency: "JPY" },
    ]);
    expect([...totals.entries()]).toEqual([
      ["USD", 0.3],
      ["NGN", 1000.25],
      ["JPY", 100],
    ]);
  });

  it("adds 0.01 a thousand times to exactly 10", () => {
    const rows = Array.from({ length: 1000 }, () => ({ amount: 0.01, currency: "USD" }));
    expect(sumByCurrency(rows).get("USD")).toBe(10);
  });

  it("skips missing amounts and groups a missing currency under an empty key", () => {
    const totals = sumByCurrency([
      { amount: null, currency: "USD" },
      { amount: 5, currency: null },
      { amount: 2.5, currency: "" },
    ]);
    expect(totals.has("USD")).toBe(false);
    expect(totals.get("")).toBe(7.5);
  });

  it("is empty for no rows", () => {
    expect(sumByCurrency([]).size).toBe(0);
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

describe("formatDateTime", () => {
  const iso = "2026-11-21T13:05:09Z";

  it("shows day month year and a 24-hour time in the given zone", () => {
    expect(formatDateTime(iso, { timeZone: "UTC" })).toBe("21 Nov 2026, 13:05:09");
    expect(formatDateTime(iso, { timeZone: "Africa/Lagos" })).toBe("21 Nov 2026, 14:05:09");
    expect(formatDateTime(iso, { timeZone: "America/New_York" })).toBe("21 Nov 2026, 08:05:09");
  });

  it("moves to the previous or next day across zones and shows midnight as 00", () => {
    expect(formatDateTime("2026-01-01T02:00:00Z", { timeZone: "America/Los_Angeles" })).toBe("31 Dec 2025, 18:00:00");
    expect(formatDateTime("2026-09-30T23:00:00Z", { timeZone: "Africa/Lagos" })).toBe("1 Oct 2026, 00:00:00");
    expect(formatDateTime("2026-09-15T12:00:00Z", { timeZone: "UTC" })).toBe("15 Sep 2026, 12:00:00");
  });

  it("can drop seconds and name the zone", () => {
    expect(formatDateTime(iso, { timeZone: "UTC", seconds: false })).toBe("21 Nov 2026, 13:05");
    expect(formatDateTime(iso, { timeZone: "UTC", zoneName: true })).toBe("21 Nov 2026, 13:05:09 UTC");
  });

  it("shows a dash for missing values and the raw text for unparseable ones", () => {
    expect(formatDateTime(null)).toBe("—");
    expect(formatDateTime("")).toBe("—");
    expect(formatDateTime("not a date")).toBe("not a date");
    expect(formatDateTime(iso, { timeZone: "Mars/Olympus" })).toBe(iso);
  });
});

describe("formatRelative", () => {
  const now = new Date("2026-11-21T12:00:00Z");

  it("describes past and future moments", () => {
    expect(formatRelative("2026-11-21T11:59:30Z", now)).toBe("just now");
    expect(formatRelative("2026-11-21T11:57:00Z", now)).toBe("3 minutes ago");
    expect(formatRelative("2026-11-21T11:59:00Z", now)).toBe("1 minute ago");
    expect(formatRelative("2026-11-21T09:00:00Z", now)).toBe("3 hours ago");
    expect(formatRelative("2026-11-19T12:00:00Z", now)).toBe("2 days ago");
    expect(formatRelative("2026-08-21T12:00:00Z", now)).toBe("3 months ago");
    expect(formatRelative("2024-11-21T12:00:00Z", now)).toBe("2 years ago");
    expect(formatRelative("2026-11-21T14:00:00Z", now.getTime())).toBe("in 2 hours");
  });

  it("shows a dash for missing values and the raw text for unparseable ones", () => {
    expect(formatRelative(null, now)).toBe("—");
    expect(formatRelative("yesterday-ish", now)).toBe("yesterday-ish");
  });
});

describe("masking", () => {
  it("maskTail keeps only the last digits behind a fixed-length mask", () => {
    expect(maskTail("0123456789")).toBe("•••••••6789");
    expect(maskTail("22212345678", 2)).toBe("•••••••78");
    expect(maskTail("1234")).toBe("•••••••");
    expect(maskTail("secret", 0)).toBe("•••••••");
    expect(maskTail(null)).toBe("—");
    expect(maskTail("  ")).toBe("—");
  });

  it("maskEmail keeps the first letter and the domain", () => {
    expect(maskEmail("john.doe@example.com")).toBe("j•••@example.com");
    expect(maskEmail("a@b.ng")).toBe("a•••@b.ng");
    expect(maskEmail("not-an-email")).toBe("•••••••");
    expect(maskEmail(null)).toBe("—");
  });

  it("maskPhone keeps the leading + and the last two digits", () => {
    expect(maskPhone("+2348012345678")).toBe("+•••••••••78");
    expect(maskPhone("0801 234 5678")).toBe("•••••••••78");
    expect(maskPhone("12")).toBe("•••••••••");
    expect(maskPhone(null)).toBe("—");
  });

  it("never leaves the full value in the output", () => {
    for (const value of ["0123456789", "22212345678"]) expect(maskTail(value)).not.toContain(value);
    expect(maskPhone("+2348012345678")).not.toContain("8012345678");
  });
});
