import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { buildPath } from "./path";

const forbidden = ["..", "/", "\\", "%", "?", "#", "\u0000", "\n", " ", "."];

describe("buildPath", () => {
  it("fills allowlisted ids", () => {
    expect(buildPath("/cards/{id}/transactions/{transactionId}", { id: "card_1", transactionId: "ctx-9" })).toBe(
      "/cards/card_1/transactions/ctx-9",
    );
  });

  it("never lets a value change the path: any string is either refused or stays one plain segment", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (value) => {
        let path: string;
        try {
          path = buildPath("/bills/{id}", { id: value });
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).status).toBe(400);
          return;
        }
        expect(path).toMatch(/^\/bills\/[A-Za-z0-9_-]{1,128}$/);
        expect(path).toBe(`/bills/${value}`);
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses raw and percent-encoded traversal, separators, query and fragment payloads", () => {
    const payload = fc.oneof(
      fc.constantFrom(...forbidden),
      fc.constantFrom("%2e%2e", "%2F", "%5c", "%3F", "%23", "%00", "%252e", "..%2f", "//evil.host", "\\\\evil"),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{0,20}$/), payload, fc.stringMatching(/^[A-Za-z0-9_-]{0,20}$/), (a, p, b) => {
        expect(() => buildPath("/transactions/{id}", { id: `${a}${p}${b}` })).toThrow(AppError);
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses over-long and empty ids and missing parameters", () => {
    expect(() => buildPath("/bills/{id}", { id: "a".repeat(129) })).toThrow(AppError);
    expect(() => buildPath("/bills/{id}", { id: "" })).toThrow(AppError);
    expect(() => buildPath("/bills/{id}", {})).toThrow(AppError);
    expect(buildPath("/bills/{id}", { id: "a".repeat(128) })).toHaveLength(7 + 128);
  });
});
