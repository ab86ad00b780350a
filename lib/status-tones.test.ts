import { describe, expect, it } from "vitest";
import { panelState, STATE_DESCRIPTIONS } from "./customers/verification-states";
import { isApproved, verificationStatuses } from "./schemas/card-verification";
import { statusTone } from "./status-tones";

describe("statusTone", () => {
  it("gives a verification status the same tone in the status panel as in any other badge", () => {
    for (const status of verificationStatuses) {
      if (status === "NOT_SUBMITTED") continue;
      const state = panelState({ status, approved: isApproved({ status, can_create_card: true }), verified_at_issuance: false });
      expect([status, STATE_DESCRIPTIONS[state].tone]).toEqual([status, statusTone(status)]);
    }
  });

  it("ignores case, spaces and hyphens, and leaves words it does not know neutral", () => {
    expect(statusTone(" reconciliation-required ")).toBe("warning");
    expect(statusTone("Successful")).toBe("success");
    expect(statusTone("SOMETHING_NEW")).toBe("neutral");
    expect(statusTone(null)).toBe("neutral");
  });

  it("gives a status one tone in any case, as the card list (upper case) and a record's page (as sent) show it", () => {
    for (const status of ["SUCCESS", "FAILED", "PENDING", "REVERSED", "RECONCILIATION_REQUIRED", "SOMETHING_NEW"]) {
      expect(statusTone(status.toLowerCase()), status).toBe(statusTone(status));
      expect(statusTone(` ${status.charAt(0)}${status.slice(1).toLowerCase()}\t`), status).toBe(statusTone(status));
    }
    expect(statusTone("success")).toBe("success");
  });
});
