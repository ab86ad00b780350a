import { describe, expect, it } from "vitest";
import { adviceFor } from "./verification-advice";
import { changeAnnouncement, countdown, panelMessage } from "./verification-message";
import { STATE_DESCRIPTIONS, type PanelState } from "./verification-states";

const states = Object.keys(STATE_DESCRIPTIONS) as PanelState[];
const noError = { last_error: null };

/** Everything the panel would print for a message, as one string (an error's advice as its notice words it). */
const printed = (m: ReturnType<typeof panelMessage>) =>
  m.kind === "error"
    ? `${m.error.code} ${m.error.message} ${adviceFor(m.error.status, m.error.upstreamCode ?? m.error.code, m.error.field).text}`
    : `${m.text} ${m.next}`;

describe("panelMessage", () => {
  it("gives every state one message of its own, with no raw status or debug text", () => {
    for (const state of states) {
      const m = panelMessage({ state, view: noError, actionError: null, submitNote: null });
      expect(m.kind).toBe("state");
      const text = printed(m);
      expect(text).not.toMatch(/can_create_card|NOT_SUBMITTED|status [A-Z_]+/);
      expect(text).toContain(STATE_DESCRIPTIONS[state].meaning);
    }
  });

  it("drops the submission's note once the state moved on (rejected never says the decision will appear)", () => {
    const note = { outcome: "pending" as const, state: "pending" as const };
    expect(printed(panelMessage({ state: "pending", view: noError, actionError: null, submitNote: note }))).toContain(
      "the decision will appear here",
    );
    const after = panelMessage({ state: "rejected", view: noError, actionError: null, submitNote: note });
    expect(printed(after)).not.toContain("the decision will appear here");
    expect(printed(after)).toContain(STATE_DESCRIPTIONS.rejected.meaning);
  });

  it("shows one error, with its advice instead of the state's next step", () => {
    const stored = { last_error: { code: "VERIFICATION_PROVIDER_ERROR", message: "The provider failed." } };
    const m = panelMessage({ state: "unknown", view: stored, actionError: null, submitNote: null });
    expect(m.kind).toBe("error");
    expect(printed(m)).toContain("Retrying will not fix this");
    expect(printed(m)).not.toContain(STATE_DESCRIPTIONS.unknown.next);
    // The same stored error and the same failed refresh: still a single message, the action's.
    const both = panelMessage({
      state: "unknown",
      view: stored,
      actionError: { status: 503, code: "upstream_unavailable", message: "Unavailable." },
      submitNote: null,
    });
    expect(both.kind === "error" && both.error.code).toBe("upstream_unavailable");
  });
});

describe("countdown", () => {
  it("counts down to the next allowed check and disappears when it is due", () => {
    const due = new Date(Date.parse("2026-01-01T00:01:00Z")).toISOString();
    expect(countdown(due, Date.parse("2026-01-01T00:00:18Z"))).toBe("0:42");
    expect(countdown(due, Date.parse("2026-01-01T00:00:00Z"))).toBe("1:00");
    expect(countdown(due, Date.parse("2026-01-01T00:01:00Z"))).toBeNull();
    expect(countdown(null, 0)).toBeNull();
  });

  it("never counts down more than the one minute a wait can be, whatever the browser's clock says", () => {
    const due = "2026-01-01T00:01:00.000Z";
    // A browser an hour behind the server: the wait shown is the minute, not 61:00.
    expect(countdown(due, Date.parse("2025-12-31T23:00:00Z"))).toBe("1:00");
  });
});

describe("changeAnnouncement", () => {
  it("names a webhook decision and both states", () => {
    expect(changeAnnouncement("pending", "approved", "webhook")).toBe("A verification decision arrived: Pending → Approved.");
  });
});
