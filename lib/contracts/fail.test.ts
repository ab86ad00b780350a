import { describe, expect, it } from "vitest";
import { z } from "@/lib/validation/zod";
import { isAppError } from "@/lib/errors";
import { postCard } from "./cards";
import { contract } from "./contract";
import { STEP_UP_ERRORS } from "./errors";
import { fail } from "./fail";

const plain = contract({
  method: "GET",
  path: "/api/v1/things",
  capability: "finance.read",
  action: "thing.read",
  response: z.object({ ok: z.literal(true) }),
  errors: ["snapshot_expired", "not_enrolled"],
});

describe("fail(contract, code, message, extra?)", () => {
  it("makes the refusal with the code's status from the one list, a field and another status when asked", () => {
    const error = fail(plain, "snapshot_expired", "Start again.");
    expect(isAppError(error)).toBe(true);
    expect([error.status, error.code, error.message]).toEqual([409, "snapshot_expired", "Start again."]);
    expect(fail(plain, "not_enrolled", "Enrol first.", { status: 400, field: "code" })).toMatchObject({ status: 400, field: "code" });
    // The guards' codes are every contract's.
    expect(fail(plain, "forbidden", "No.").status).toBe(403);
  });

  it("does not compile for a code the contract does not declare, nor without a declared error body", () => {
    // @ts-expect-error — card_recently_issued is not one of this contract's codes.
    expect(fail(plain, "card_recently_issued", "x").code).toBe("card_recently_issued");
    // @ts-expect-error — a code no contract knows.
    expect(() => fail(plain, "made_up", "x")).not.toThrow();
    // @ts-expect-error — card_recently_issued carries the issuance its contract declares.
    expect(fail(postCard, "card_recently_issued", "x").body).toBeUndefined();
  });

  it("takes, for a check many routes share, the list of codes those routes declare", () => {
    expect(fail(STEP_UP_ERRORS, "step_up_required", "Enter a code.")).toMatchObject({ status: 403, code: "step_up_required" });
    // @ts-expect-error — the step-up list holds only step_up_required.
    expect(fail(STEP_UP_ERRORS, "not_enrolled", "x").status).toBe(409);
  });

  it("puts a declared error body beside the envelope", () => {
    const issuance = {
      id: 7,
      customer_id: "cus_a",
      outcome: "issued" as const,
      card_id: "card_1",
      card_last4: "4242",
      staff_name: "Ops",
      staff_email: "ops@example.com",
      issued_at: "2026-01-01T00:00:00.000Z",
      request_id: "r",
    };
    const error = fail(postCard, "card_recently_issued", "Ops issued card_1 today.", { body: { recent_issuance: issuance } });
    expect(error.toEnvelope()).toEqual({
      error: { code: "card_recently_issued", message: "Ops issued card_1 today." },
      recent_issuance: issuance,
    });
  });
});
