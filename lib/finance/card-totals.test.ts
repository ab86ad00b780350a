import { describe, expect, it } from "vitest";
import { CardTotalsAccumulator, fromMinor, minorSumOf, valueOfMinorSum } from "./card-totals";

// The largest amount an upstream number may be (lib/schemas/common.ts), in cents.
const NEAR_BOUND_CENTS = 90_071_992_547_409;
const zero = { billions: 0, rest: 0 };

describe("card totals in minor units", () => {
  it("sums 150 amounts near the bound in one currency exactly, past 2^53", () => {
    const sums = new CardTotalsAccumulator();
    let expected = 0n;
    for (let i = 0; i < 150; i++) {
      sums.add("USD", 2, NEAR_BOUND_CENTS - i, "spent");
      expected += BigInt(NEAR_BOUND_CENTS - i);
    }
    sums.add("usd ", 2, -(NEAR_BOUND_CENTS - 1), "refunded");
    const [usd] = sums.result();
    expect(expected).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
    expect(usd).toEqual({
      currency: "USD",
      digits: 2,
      minor: {
        spent: { billions: 13_510_798, rest: 882_100_175 },
        refunded: minorSumOf(BigInt(NEAR_BOUND_CENTS - 1)),
        net: minorSumOf(expected - BigInt(NEAR_BOUND_CENTS - 1)),
        failed: zero,
        reversed: zero,
        pending: zero,
        other: zero,
      },
      count: { spent: 150, refunded: 1, failed: 0, reversed: 0, pending: 0, other: 0 },
    });
    expect(valueOfMinorSum(usd!.minor.spent)).toBe(expected);
    expect(fromMinor(usd!.minor.spent, 2)).toBe("135107988821001.75");
  });

  it("keeps ordinary totals as they were: per currency in order of first appearance, sums handed over whole, net below zero", () => {
    const sums = new CardTotalsAccumulator();
    sums.add("NGN", 2, 1234, "spent");
    sums.add(null, 2, 5, "other");
    sums.addSum("NGN", 2, 66n, 2, "spent");
    sums.add("NGN", 2, -2000, "refunded");
    sums.add("NGN", 2, Number.NaN, "spent");
    const [ngn, none] = sums.result();
    expect(ngn).toMatchObject({ currency: "NGN", count: { spent: 3, refunded: 1 } });
    expect(ngn!.minor).toMatchObject({
      spent: { billions: 0, rest: 1300 },
      refunded: { billions: 0, rest: 2000 },
      net: { billions: 0, rest: -700 },
    });
    expect(none).toMatchObject({ currency: "", minor: { other: { billions: 0, rest: 5 }, spent: zero, net: zero } });
  });

  it("writes each sum as numbers no rule reads as a BVN or a card number, exactly, whatever its size or sign", () => {
    for (const sum of [0n, 12_345_678_901n, -12_345_678_901n, 4_111_111_111_111_111n, 10n ** 24n + 7n]) {
      const written = minorSumOf(sum);
      expect(valueOfMinorSum(written), String(sum)).toBe(sum);
      expect(Math.abs(written.rest)).toBeLessThan(1e9);
    }
    expect(minorSumOf(12_345_678_901n)).toEqual({ billions: 12, rest: 345_678_901 });
    expect(minorSumOf(-12_345_678_901n)).toEqual({ billions: -12, rest: -345_678_901 });
  });

  it("shows a sum as the decimal its currency writes, every digit kept", () => {
    expect(fromMinor({ billions: 0, rest: 12345 }, 2)).toBe("123.45");
    expect(fromMinor({ billions: 0, rest: -700 }, 2)).toBe("-7.00");
    expect(fromMinor({ billions: 0, rest: 5 }, 2)).toBe("0.05");
    expect(fromMinor({ billions: 0, rest: -5 }, 3)).toBe("-0.005");
    expect(fromMinor(zero, 2)).toBe("0.00");
    expect(fromMinor({ billions: 0, rest: 1235 }, 0)).toBe("1235");
    expect(fromMinor({ billions: -9_007_199, rest: -254_740_993 }, 2)).toBe("-90071992547409.93");
  });
});
