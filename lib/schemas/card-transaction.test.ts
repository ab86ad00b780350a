import { describe, expect, it } from "vitest";
import { cardTransactionRowSchema, cardTransactionSchema } from "./card-transaction";

const detail = (extra: Record<string, unknown>) => cardTransactionSchema.safeParse({ id: "ctx_1", ...extra });
const listRow = (extra: Record<string, unknown>) => cardTransactionRowSchema.safeParse({ id: "ctx_1", ...extra });

// Each of these passed Date.parse: "0" read as the year 2000, 30 February as 2 March, a time
// with no zone in the server's own zone, and year 275760 as a CSV cell of "NaN-NaN-…".
const notDateTimes = [
  "0",
  "1",
  "2026-02-30T00:00:00Z",
  "2026-01-31T09:15:00",
  "2026-01-31",
  "+275760-09-13T00:00:00.000Z",
  "0000-12-31T23:00:00Z",
  "9999-12-31T23:00:00-05:00",
];

describe("a card transaction from the upstream", () => {
  it("is refused (502) when a date-time is not ISO 8601 with a zone on a real date in the years 0001–9999, and kept as sent when it is", () => {
    for (const value of notDateTimes) {
      expect(detail({ created_at: value }).success, value).toBe(false);
      expect(detail({ updated_at: value }).success, value).toBe(false);
      expect(listRow({ created_at: value }).success, value).toBe(false);
    }
    // Still taken: UTC or an offset, fractions of a second, 29 February of a leap year, or none at all.
    for (const value of ["2026-01-31T09:15:00Z", "2026-01-31T09:15:00.123Z", "2026-01-31T10:15:00+01:00", "2024-02-29T00:00:00Z"]) {
      expect(detail({ created_at: value }).data?.created_at, value).toBe(value);
      expect(listRow({ created_at: value }).success, value).toBe(true);
    }
    // RFC 3339 (§5.6) allows a lower-case "t" and "z": taken, and kept upper case for every reader.
    expect(detail({ created_at: "2026-01-31t09:15:00z" }).data?.created_at).toBe("2026-01-31T09:15:00Z");
    expect(listRow({ created_at: "2026-01-31t09:15:00.5+01:00" }).success).toBe(true);
    expect(detail({}).data?.created_at).toBeNull();
    expect(detail({ created_at: null }).data?.created_at).toBeNull();
  });

  it("is refused (502) when an amount is past what minor units hold exactly, like any other unreadable amount", () => {
    for (const amount of [1e14, -1e14, 9007199254740993, 1e20]) {
      expect(detail({ amount, currency: "USD" }).success, String(amount)).toBe(false);
      expect(listRow({ amount, currency: "USD", status: "SUCCESS", type: "DEBIT" }).success, String(amount)).toBe(false);
      expect(listRow({ charges: amount }).success, String(amount)).toBe(false);
    }
    // A hundred billion dollars is still an amount.
    expect(listRow({ amount: 1e11, currency: "USD" }).success).toBe(true);
    expect(detail({ amount: -12.5, charges: 0.25 }).data).toMatchObject({ amount: -12.5, charges: 0.25 });
  });
});
