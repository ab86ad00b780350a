import { describe, expect, it } from "vitest";
import { parseEnv } from "@/server/env";

describe("APPROVAL_REQUIRED_FOR", () => {
  it("requires no approval when unset, and reads a comma list with spaces and repeats", () => {
    expect(parseEnv({}).approvalRequiredFor).toEqual([]);
    expect(parseEnv({ APPROVAL_REQUIRED_FOR: " card.create, bvn.reveal,card.create ," }).approvalRequiredFor).toEqual([
      "card.create",
      "bvn.reveal",
    ]);
  });

  it("stops start-up naming the variable and the names it takes for an unknown action", () => {
    expect(() => parseEnv({ APPROVAL_REQUIRED_FOR: "card.create,card.delete" })).toThrow(
      /APPROVAL_REQUIRED_FOR[\s\S]*staff\.second_factor_reset/,
    );
  });
});
