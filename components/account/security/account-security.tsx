"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { QueryState } from "@/components/shell/query-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { PageHeader } from "@/components/ui/page-header";
import { countOf } from "@/lib/format/count";
import { secondFactorApi, secondFactorStatusQuery } from "@/lib/client/second-factor";
import type { SecondFactorStatusView } from "@/lib/contracts/account";
import { Enrolment } from "./enrolment";
import { FactorChangeForm } from "./factor-change-form";
import { RecoveryCodes } from "./recovery-codes";

/**
 * What the card shows besides the status: the set-up under way, or codes just issued (shown until
 * saved). Both hold what is shown once (the new codes; the enrolment's own, in Enrolment), so they
 * are held by the page above the status read and drawn apart from it: a re-read that fails or is
 * slow never takes them off the screen, and the old codes no longer work.
 */
export type Panel =
  | { kind: "none" }
  | { kind: "enrolling"; reauthentication: SecondFactorStatusView["reauthentication"] }
  | { kind: "new-codes"; codes: string[]; endedSessions: number };

/** The staff member's own two-factor authentication: set it up, see what is left, replace the codes, turn it off. */
export function AccountSecurity() {
  const query = useQuery(secondFactorStatusQuery());
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<Panel>({ kind: "none" });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: secondFactorStatusQuery().queryKey });
  // The server has just said yes: the badge turns On now, not after a refetch that may lag behind.
  const enrolled = () => {
    queryClient.setQueryData(secondFactorStatusQuery().queryKey, (old) =>
      old ? { ...old, enrolled: true, enrolledAt: old.enrolledAt ?? new Date().toISOString(), recoveryCodesLeft: 10 } : old,
    );
    refresh();
  };
  const close = () => {
    setPanel({ kind: "none" });
    refresh();
  };
  return (
    <div className="space-y-6">
      <PageHeader
        title="Security"
        subtitle="Two-factor authentication asks for a code from your phone after your password, and again before sensitive actions."
      />
      {panel.kind === "none" ? (
        <QueryState query={query} notFound={{ title: "Not found", message: "Your security settings could not be read." }}>
          {(status) => <TwoFactorCard status={status} onPanel={setPanel} refresh={refresh} />}
        </QueryState>
      ) : (
        <FrameCard enrolled={panel.kind === "new-codes" || query.data?.enrolled === true} required={query.data?.required}>
          {panel.kind === "enrolling" ? (
            // Stays open after the server has enrolled the member (the badge already says On) until the codes are saved.
            <Enrolment doneLabel="Done" onEnrolled={enrolled} onDone={close} reauthentication={panel.reauthentication} />
          ) : (
            <RecoveryCodes
              codes={panel.codes}
              doneLabel="Done"
              onDone={close}
              status={`New recovery codes: the old ones no longer work.${panel.endedSessions > 0 ? ` ${countOf(panel.endedSessions, "other session was", "other sessions were")} signed out.` : ""}`}
            />
          )}
        </FrameCard>
      )}
    </div>
  );
}

/** The card around every state: its badge from the status on hand (codes just issued are only ever for an enrolled member). */
function FrameCard({ enrolled, required, children }: { enrolled: boolean; required: boolean | undefined; children: ReactNode }) {
  return (
    <Card
      title="Two-factor authentication"
      description={required ? "Required for your role by an administrator." : "Recommended for every account."}
      actions={enrolled ? <Badge tone="success">On</Badge> : <Badge tone="neutral">Off</Badge>}
    >
      {children}
    </Card>
  );
}

function TwoFactorCard({
  status,
  onPanel,
  refresh,
}: {
  status: SecondFactorStatusView;
  onPanel: (panel: Panel) => void;
  refresh: () => void;
}) {
  const [notice, setNotice] = useState<string | null>(null);

  let body;
  if (status.enrolled) {
    body = (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          On since <DateTime value={status.enrolledAt!} />. {status.recoveryCodesLeft} of 10 recovery codes left.
        </p>
        {notice ? (
          <p role="status" className="text-sm text-slate-700">
            {notice}
          </p>
        ) : null}
        <section aria-labelledby="new-codes-heading" className="space-y-2 border-t border-slate-100 pt-4">
          <h3 id="new-codes-heading" className="text-sm font-semibold text-slate-900">
            New recovery codes
          </h3>
          <p className="text-sm text-slate-700">Replaces all ten, used or not, and signs you out everywhere else.</p>
          <FactorChangeForm
            id="new-codes"
            codeLabel="Current code for new recovery codes"
            submitLabel="Get new recovery codes"
            reauthentication={status.reauthentication}
            send={secondFactorApi.regenerateRecoveryCodes}
            onDone={(done) => {
              onPanel({ kind: "new-codes", codes: done.recoveryCodes, endedSessions: done.endedSessions });
              refresh();
            }}
            fallbackMessage="New recovery codes could not be made. Try again."
          />
        </section>
        {status.required ? null : (
          <section aria-labelledby="disable-heading" className="space-y-2 border-t border-slate-100 pt-4">
            <h3 id="disable-heading" className="text-sm font-semibold text-slate-900">
              Turn off
            </h3>
            <FactorChangeForm
              id="disable"
              codeLabel="Current code to turn it off"
              submitLabel="Turn off"
              danger
              reauthentication={status.reauthentication}
              send={secondFactorApi.disable}
              onDone={(done) => {
                setNotice(
                  `Two-factor authentication is off.${done.endedSessions > 0 ? ` ${countOf(done.endedSessions, "other session was", "other sessions were")} signed out.` : ""}`,
                );
                refresh();
              }}
              fallbackMessage="It could not be turned off. Try again."
            />
          </section>
        )}
      </div>
    );
  } else {
    body = (
      <div className="space-y-3">
        {notice ? (
          <p role="status" className="text-sm text-slate-700">
            {notice}
          </p>
        ) : null}
        <Button
          onClick={() => {
            setNotice(null);
            onPanel({ kind: "enrolling", reauthentication: status.reauthentication });
          }}
        >
          Turn on two-factor authentication
        </Button>
      </div>
    );
  }

  return (
    <FrameCard enrolled={status.enrolled} required={status.required}>
      {body}
    </FrameCard>
  );
}
