import { describe, expect, it } from "vitest";
import { parseCreateCardResponse } from "./card";
import { cardVerificationSchema } from "./card-verification";

describe("a verification status from the provider", () => {
  it.each(["approved", "Approved", "APPROVED"])("reads %s as APPROVED", (status) => {
    expect(cardVerificationSchema.parse({ customer_id: "cus_1", status, can_create_card: true })).toEqual({
      customer_id: "cus_1",
      status: "APPROVED",
      can_create_card: true,
    });
  });

  it("reads a lower-case status in the legacy card answer as that status", () => {
    expect(parseCreateCardResponse({ customer_id: "cus_1", status: "pending", can_create_card: false })).toEqual({
      kind: "verification",
      verification: { customer_id: "cus_1", status: "PENDING", can_create_card: false },
    });
  });

  it.each([
    ["an unknown status", "MAYBE"],
    ["a look-alike that upper-cases into one (dotless i)", "pend\u0131ng"],
    ["a status with spaces", " APPROVED "],
    ["an empty status", ""],
  ])("refuses %s", (_, status) => {
    const parsed = cardVerificationSchema.safeParse({ customer_id: "cus_1", status, can_create_card: true });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["status"]);
  });
});
