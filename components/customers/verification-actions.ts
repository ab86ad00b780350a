import type { QueryClient } from "@tanstack/react-query";
import { ACTIVITY_KEY } from "@/lib/client/activity";
import { refreshVerification, submitVerification, verificationQuery } from "@/lib/client/customers";
import { BffError } from "@/lib/client/fetcher";
import type { ActionError, SubmitNote } from "@/lib/customers/verification-message";
import { panelState, type PanelState } from "@/lib/customers/verification-states";

/** What an action tells the panel it belongs to, in the order the panel's own state changes. */
export type ActionContext = {
  queryClient: QueryClient;
  customerId: string;
  /** The state the press was made in: an error is kept with it, and dropped once the state moves on. */
  state: PanelState;
  setActionError: (error: { error: ActionError; state: PanelState } | null) => void;
  setSubmitNote: (note: SubmitNote | null) => void;
  setOwnAction: (own: boolean) => void;
  setPending: (pending: boolean) => void;
};

const toActionError = (error: unknown): ActionError =>
  error instanceof BffError
    ? { status: error.status, code: error.code, upstreamCode: error.upstreamCode, message: error.message, field: error.field }
    : { status: 0, code: "unexpected", message: "Something went wrong. Try again." };

/** "Check status now": one status read from the payments API, its answer written into the shared verification query. */
export async function runCheck(ctx: ActionContext): Promise<void> {
  ctx.setActionError(null);
  ctx.setOwnAction(true);
  try {
    const next = await refreshVerification(ctx.customerId);
    ctx.setSubmitNote(null);
    ctx.queryClient.setQueryData(verificationQuery(ctx.customerId).queryKey, next);
  } catch (error) {
    ctx.setActionError({ error: toActionError(error), state: ctx.state });
  }
  ctx.setOwnAction(false);
  void ctx.queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
  // Pending until the answer is written, as the button read while the request was its own.
  ctx.setPending(false);
}

/** "Submit for verification": its outcome is the panel's note until the state moves on. */
export async function runSubmit(ctx: ActionContext): Promise<void> {
  const key = verificationQuery(ctx.customerId).queryKey;
  ctx.setActionError(null);
  ctx.setSubmitNote(null);
  ctx.setOwnAction(true);
  try {
    const result = await submitVerification(ctx.customerId);
    ctx.setSubmitNote({ outcome: result.outcome, state: panelState(result.view) });
    ctx.queryClient.setQueryData(key, result.view);
  } catch (error) {
    ctx.setActionError({ error: toActionError(error), state: ctx.state });
  }
  void ctx.queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
  // A refused submission can still change the state (a Nigerian customer): read it before announcing again.
  await ctx.queryClient.invalidateQueries({ queryKey: key });
  ctx.setOwnAction(false);
  ctx.setPending(false);
}
