"use client";

import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { BffError } from "@/lib/client/fetcher";
import { revealBillToken } from "@/lib/client/finance";

/**
 * The token arrives only from the audited reveal route. It is kept in this component's state,
 * never in the query cache, so it disappears when the page is left.
 */
export function BillToken({ billId, hasToken }: { billId: string; hasToken: boolean }) {
  const reveal = useMutation({
    mutationFn: () => revealBillToken(billId),
  });
  if (!hasToken) return <span className="text-slate-500">—</span>;
  if (reveal.isSuccess) {
    const token = reveal.data.token;
    return token ? (
      <span className="inline-flex items-center gap-1">
        <span className="font-mono text-[13px]" data-testid="bill-token">
          {token}
        </span>
        <CopyButton value={token} label="token" />
        <Button variant="ghost" size="sm" onClick={() => reveal.reset()}>
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
      <Button variant="secondary" size="sm" loading={reveal.isPending} onClick={() => reveal.mutate()}>
        Reveal token
      </Button>
      <span className="text-xs text-slate-500">Revealing is recorded in the audit log.</span>
      {reveal.isError ? (
        <span role="alert" className="text-xs font-medium text-red-700">
          {reveal.error instanceof BffError ? reveal.error.message : "The token could not be revealed. Try again."}
        </span>
      ) : null}
    </span>
  );
}
