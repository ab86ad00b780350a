"use client";

import { useState } from "react";
import { useOncePerPress } from "@/components/forms/use-once-per-press";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { failureMessage } from "@/lib/client/fetcher";
import { revealBillToken } from "@/lib/client/finance";

type Reveal = { status: "idle" } | { status: "done"; token: string | null } | { status: "failed"; error: unknown };

/**
 * The token arrives only from the audited reveal route. It is kept in this component's state,
 * never in the query cache, so it disappears when the page is left. Plain state, not a react-query
 * mutation: the bill page has no other, and the mutation's code would be on its first load for this.
 */
export function BillToken({ billId, hasToken }: { billId: string; hasToken: boolean }) {
  const [reveal, setReveal] = useState<Reveal>({ status: "idle" });
  // Each reveal is audited: one per press.
  const { press: run, pending } = useOncePerPress(async () => {
    setReveal({ status: "idle" });
    try {
      setReveal({ status: "done", token: (await revealBillToken(billId)).token });
    } catch (error) {
      setReveal({ status: "failed", error });
    }
  });
  if (!hasToken) return <span className="text-slate-500">—</span>;
  if (reveal.status === "done") {
    const token = reveal.token;
    return token ? (
      <span className="inline-flex items-center gap-1">
        <span className="font-mono text-[13px]" data-testid="bill-token">
          {token}
        </span>
        <CopyButton value={token} label="token" />
        <Button variant="ghost" size="sm" onClick={() => setReveal({ status: "idle" })}>
          Hide
        </Button>
      </span>
    ) : (
      <span className="text-slate-500">—</span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-mono text-[13px] text-slate-500" aria-label="Token hidden">
        ••••••••••••
      </span>
      <Button variant="secondary" size="sm" loading={pending} onClick={() => run()}>
        Reveal token
      </Button>
      <span className="text-xs text-slate-500">Revealing is recorded in the audit log.</span>
      {reveal.status === "failed" ? (
        <span role="alert" className="text-xs font-medium text-red-700">
          {failureMessage(reveal.error, "The token could not be revealed. Try again.")}
        </span>
      ) : null}
    </span>
  );
}
