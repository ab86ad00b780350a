import { describe, expect, it } from "vitest";
import { bucketOf } from "@/lib/finance/card-totals";
import { upstreamCode } from "./code-case";

describe("upstreamCode", () => {
  it("upper-cases and trims the codes the upstream sends in any case", () => {
    expect(upstreamCode("success ")).toBe("SUCCESS");
    expect(upstreamCode(" Refund_Credit")).toBe("REFUND_CREDIT");
    expect(upstreamCode(null)).toBeNull();
    expect(upstreamCode(undefined)).toBeNull();
  });

  it.each([
    ["a long s", "ſuccess"],
    ["a dotless i", "fıled"],
    ["a sharp s", "paßed"],
    ["a ligature", "ﬁled"],
  ])("keeps a look-alike code (%s) a different code", (_what, code) => {
    const read = upstreamCode(code)!;
    expect(read).not.toMatch(/^(SUCCESS|FILED|PASSED|FAILED)$/);
    // Only its ASCII letters change case: what is not ASCII stays as sent.
    expect(read.replace(/[A-Z]/g, (c) => c.toLowerCase())).toBe(code);
  });

  it("files a look-alike status under other in the card totals, never in Spent", () => {
    expect(bucketOf("ſuccess", "debit")).toBe("other");
    expect(bucketOf("ſuccess", "ſuccess")).toBe("other");
    expect(bucketOf("success ", "debit")).toBe("spent");
    expect(bucketOf("SUCCESS", "credit")).toBe("refunded");
  });
});
