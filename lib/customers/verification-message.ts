import { STATE_DESCRIPTIONS, type PanelState } from "./verification-states";

export { countdown } from "./countdown";

// Structural, not the contract's types: lib/contracts builds on lib/customers, not the other way round.
// A contract that adds an outcome or a source fails to type-check where its values reach these.
type SubmitOutcome = "pending" | "approval_reused" | "already_pending" | "status";
type ViewSource = "check" | "submit" | "webhook" | "card" | null;

/** An error the panel's own last request got (a failed check or submission). */
export type ActionError = { status: number; code: string; upstreamCode?: string; message: string; field?: string };

/** What the last submission answered, and for which state: the note is dropped once the state moves on. */
export type SubmitNote = { outcome: SubmitOutcome; state: PanelState };

/**
 * The panel's one message. Exactly one of: the error of the action just tried, the stored check
 * error, the answer to a submission (while the state it described still holds), or what the state
 * means. The next step comes from the error's advice when there is an error (the notice words it,
 * verification-advice.ts), otherwise from the state; never both, so "refresh" never sits beside
 * "retrying will not fix this".
 */
export type PanelMessage =
  { kind: "error"; error: ActionError } | { kind: "note"; text: string; next: string } | { kind: "state"; text: string; next: string };

const SUBMIT_TEXT: Record<SubmitOutcome, string> = {
  pending: "Submitted. Document verification has started; the decision will appear here.",
  approval_reused: "The existing approval was reused; nothing new was started.",
  already_pending: "A verification is already pending. Nothing was sent.",
  status: "The payments API answered with the status shown.",
};

export function panelMessage(input: {
  state: PanelState;
  view: { last_error: { code: string; message: string } | null };
  actionError: ActionError | null;
  submitNote: SubmitNote | null;
}): PanelMessage {
  const { state, view, actionError, submitNote } = input;
  const description = STATE_DESCRIPTIONS[state];
  if (actionError) return { kind: "error", error: actionError };
  if (submitNote && submitNote.state === state) return { kind: "note", text: SUBMIT_TEXT[submitNote.outcome], next: description.next };
  // A stored check failure is a 503-class answer kept with the row (see verification-store.ts).
  if (view.last_error) return { kind: "error", error: { status: 503, ...view.last_error } };
  return { kind: "state", text: description.meaning, next: description.next };
}

/** The announcement when the state changes under an open page (a webhook decision, a colleague). */
export function changeAnnouncement(from: PanelState, to: PanelState, source: ViewSource): string {
  const how = source === "webhook" ? "A verification decision arrived" : "The verification status changed";
  return `${how}: ${STATE_DESCRIPTIONS[from].label} → ${STATE_DESCRIPTIONS[to].label}.`;
}
