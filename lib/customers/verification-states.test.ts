import { describe, expect, it } from "vitest";
import { isApproved, verificationStatuses } from "@/lib/schemas/card-verification";
import { adviceFor, messageGivesAdvice } from "./verification-advice";
import { STATE_DESCRIPTIONS, canOfferCardCreation, canOfferSubmit, panelState } from "./verification-states";

// As the server builds it: `approved` decided there with isApproved.
const view = (status: (typeof verificationStatuses)[number] | null, can_create_card: boolean, verified_at_issuance = false) => ({
  status,
  approved: isApproved({ status, can_create_card }),
  verified_at_issuance,
});

describe("panelState", () => {
  it("is approved only for APPROVED with can_create_card", () => {
    for (const status of verificationStatuses) {
      for (const can of [true, false]) {
        expect(panelState(view(status, can)) === "approved").toBe(status === "APPROVED" && can);
      }
    }
  });

  it("follows the server's approved flag rather than working approval out again", () => {
    expect(panelState({ status: "APPROVED", approved: false, verified_at_issuance: false })).toBe("approved_no_card");
    expect(panelState({ status: "APPROVED", approved: true, verified_at_issuance: false })).toBe("approved");
  });

  it("never offers card creation for pending, unknown or APPROVED without can_create_card", () => {
    expect(canOfferCardCreation(panelState(view("PENDING", true)))).toBe(false);
    expect(canOfferCardCreation(panelState(view(null, false)))).toBe(false);
    expect(canOfferCardCreation(panelState(view("APPROVED", false)))).toBe(false);
    expect(canOfferCardCreation(panelState(view("APPROVED", true)))).toBe(true);
    expect(canOfferCardCreation(panelState(view("NOT_SUBMITTED", false, true)))).toBe(true);
  });

  it("does not offer submitting while pending, rejected or in reconciliation", () => {
    expect(canOfferSubmit(panelState(view("PENDING", false)))).toBe(false);
    expect(canOfferSubmit(panelState(view("REJECTED", false)))).toBe(false);
    expect(canOfferSubmit(panelState(view("RECONCILIATION_REQUIRED", false)))).toBe(false);
    expect(canOfferSubmit(panelState(view("NOT_SUBMITTED", false)))).toBe(true);
  });
});

describe("adviceFor", () => {
  it("tells retry from support on a 503 by its code", () => {
    expect(adviceFor(503, "VERIFICATION_TEMPORARILY_UNAVAILABLE").kind).toBe("retry");
    expect(adviceFor(503, "VERIFICATION_PROVIDER_ERROR").kind).toBe("support");
  });
  it("says where to fix a 422 field", () => {
    expect(adviceFor(422, "KYC_INCOMPLETE", "residential_address")).toMatchObject({
      kind: "fix",
      text: expect.stringMatching(/residential address/),
    });
  });
  it("sends 409s to support", () => {
    expect(adviceFor(409, "VERIFICATION_REJECTED").kind).toBe("support");
  });
});

describe("STATE_DESCRIPTIONS", () => {
  it("never asks staff to check a KYC record the back-office cannot open", () => {
    for (const description of Object.values(STATE_DESCRIPTIONS)) {
      expect(`${description.meaning} ${description.next}`).not.toMatch(/make sure .* (is|are) saved/i);
    }
  });
});

describe("messageGivesAdvice", () => {
  it("sees the payments API's message already giving the advice, so it is said once", () => {
    const retry = adviceFor(503, "VERIFICATION_TEMPORARILY_UNAVAILABLE");
    expect(
      messageGivesAdvice(
        "The verification service is temporarily unavailable. The saved state is unchanged; try again in a few minutes.",
        retry,
      ),
    ).toBe(true);
    const support = adviceFor(503, "VERIFICATION_PROVIDER_ERROR");
    expect(
      messageGivesAdvice("The provider reported an error that retrying will not fix. Contact support with the customer id.", support),
    ).toBe(true);
  });

  it("keeps the advice when the message only says what happened", () => {
    expect(messageGivesAdvice("The payments API did not answer.", adviceFor(503, "upstream_unavailable"))).toBe(false);
    expect(messageGivesAdvice("Missing residential address. Try again.", adviceFor(422, "KYC_INCOMPLETE", "residential_address"))).toBe(
      false,
    );
  });
});
