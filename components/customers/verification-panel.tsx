"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useModuleWhen } from "@/components/hooks/use-module-when";
import { useNow } from "@/components/shell/clock";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { DescriptionItem, DescriptionList } from "@/components/ui/description-list";
import { LoadFailed } from "@/components/ui/load-failed";
import { changeAnnouncement, countdown, panelMessage, type ActionError, type SubmitNote } from "@/lib/customers/verification-message";
import { canOfferSubmit, panelState, STATE_DESCRIPTIONS } from "@/lib/customers/verification-states";
import type { VerificationView } from "@/lib/contracts/customers";
import { issuedCardsQuery } from "@/lib/client/cards";
import { StateChangeToast } from "./state-change-toast";

/** The states whose next step is creating the card. */
const CREATE_CARD_STATES: ReadonlySet<string> = new Set(["approved", "verified_at_issuance"]);

const SOURCES = {
  check: "status check",
  submit: "submission",
  webhook: "verification decision from the payments API",
  card: "card creation attempt",
} as const;

// The checks' and the submission's code is fetched with the first press, not with the customer page.
const loadActions = () => import("./verification-actions");
/**
 * The error notice (its advice and the code's words) is fetched when there is an error to show, and
 * with a press, which may end in one. A check error stored with the view is there on the panel's
 * first paint: the customer page waits for this code as it waits for the view (customer-view.tsx).
 */
export const loadErrorNotice = () => import("./error-notice");
const UNREACHABLE = "The back-office could not be reached. Check your connection and try again.";

export function VerificationPanel({ view, canSubmit }: { view: VerificationView; canSubmit: boolean }) {
  const queryClient = useQueryClient();
  const state = panelState(view);
  const description = STATE_DESCRIPTIONS[state];
  // Drawn once its query answers, never while hydrating, so the clock is always known.
  const now = useNow(1_000);
  const left = now === null ? null : countdown(view.next_refresh_at, now);
  const [submitNote, setSubmitNote] = useState<SubmitNote | null>(null);
  // Kept with the state it was about: once the state moves on, the error is history, not news.
  const [actionError, setActionError] = useState<{ error: ActionError; state: typeof state } | null>(null);
  // A change this page caused is told by its own message; only changes from elsewhere (a webhook
  // decision, a colleague) are announced. `ownAction` is true from a click until its answer is read.
  const [seenState, setSeenState] = useState(state);
  const [ownAction, setOwnAction] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  if (state !== seenState) {
    // Adjusting state while rendering (not in an effect): the toast shows in the same paint as the badge.
    setSeenState(state);
    setToast(ownAction ? null : changeAnnouncement(seenState, state, view.source));
  }

  const [checking, setChecking] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const context = { queryClient, customerId: view.customer_id, state, setActionError, setSubmitNote, setOwnAction };
  // The action runs as its code arrives: one press. Code that cannot be fetched is the same failure as a request that cannot be sent.
  function run(action: "runCheck" | "runSubmit", setPending: (pending: boolean) => void) {
    setPending(true);
    // A press may end in an error: the notice's code, if it could not be fetched before, is asked for again.
    if (notice.error) notice.retry();
    loadActions().then(
      (m) => m[action]({ ...context, setPending }),
      () => {
        setPending(false);
        setActionError({ error: { status: 0, code: "network_error", message: UNREACHABLE }, state });
      },
    );
  }

  // Shares the Issued cards panel's query: once a card is issued, "create the card" is no longer the next step.
  const issued = useQuery(issuedCardsQuery(view.customer_id));
  const cardIssued = issued.data?.cards.some((c) => c.outcome === "issued") ?? false;
  const message = panelMessage({ state, view, actionError: actionError?.state === state ? actionError.error : null, submitNote });
  const offerSubmit = canSubmit && !view.verified_at_issuance;
  // One primary action per section: submitting, only where it can start something new.
  const submitIsPrimary = state === "not_submitted" || state === "unknown";
  const notice = useModuleWhen(message.kind === "error" || checking || submitting, loadErrorNotice);
  const ErrorNotice = notice.module?.ErrorNotice;

  return (
    <Card title="Card verification" description="Shared by all staff; checked with the payments API at most once a minute per customer.">
      <div className="space-y-4" data-testid="verification-panel" data-state={state}>
        <Badge tone={description.tone} data-testid="verification-badge">
          {description.label}
        </Badge>
        <div data-testid="verification-message" data-kind={message.kind}>
          {message.kind === "error" ? (
            ErrorNotice ? (
              <ErrorNotice status={message.error.status} error={message.error} />
            ) : (
              // The notice's code is on its way or could not be fetched (the same outage as the error, often): the message alone.
              <>
                <p
                  role="alert"
                  className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
                  data-testid="verification-error"
                >
                  {message.error.message}
                </p>
                {notice.error ? <LoadFailed onRetry={notice.retry} className="mt-2" /> : null}
              </>
            )
          ) : (
            <div className="space-y-1 text-sm">
              <p
                role={message.kind === "note" ? "status" : undefined}
                className="text-slate-700"
                data-testid={message.kind === "note" ? "submit-result" : undefined}
              >
                {message.text}
              </p>
              <p className="font-medium text-slate-800" data-testid="verification-next">
                Next step:{" "}
                {cardIssued && CREATE_CARD_STATES.has(state)
                  ? "None: a card has been issued (see Issued cards). Create another only if the customer needs one."
                  : message.next}
              </p>
            </div>
          )}
        </div>
        <DescriptionList>
          <DescriptionItem label="Last checked" value={<DateTime value={view.checked_at} />} />
          <DescriptionItem
            label="Next check possible"
            value={
              left ? (
                <span data-testid="verification-countdown" className="tabular-nums">
                  in {left}
                </span>
              ) : (
                <span data-testid="verification-countdown">now</span>
              )
            }
          />
          <DescriptionItem label="Status last changed" value={<DateTime value={view.status_updated_at} />} />
          <DescriptionItem label="Learned from" value={view.source ? SOURCES[view.source] : "—"} />
        </DescriptionList>
        <div className="flex flex-wrap gap-2">
          {offerSubmit ? (
            <Button
              variant={submitIsPrimary ? "primary" : "secondary"}
              onClick={() => run("runSubmit", setSubmitting)}
              disabled={!canOfferSubmit(state) || submitting}
              loading={submitting}
            >
              {state === "pending" ? "Verification pending" : "Submit for verification"}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            onClick={() => run("runCheck", setChecking)}
            disabled={left !== null}
            loading={checking}
            aria-describedby="verification-check-hint"
          >
            {left ? `Check again in ${left}` : "Check status now"}
          </Button>
        </div>
        <p id="verification-check-hint" className="text-xs text-slate-500">
          {!canSubmit ? "Your role can view the verification but not submit it. " : ""}
          The payments API allows one status check per customer per minute, shared by all staff.
        </p>
      </div>
      <StateChangeToast text={toast} onDismiss={dismissToast} />
    </Card>
  );
}
