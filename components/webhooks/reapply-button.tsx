"use client";

import { useState } from "react";
import { useOncePerPress } from "@/components/forms/use-once-per-press";
import { Button } from "@/components/ui/button";
import { failureMessage } from "@/lib/client/fetcher";
import { webhooksApi } from "@/lib/client/webhooks";
import { deliveryOutcomeLabels } from "@/lib/format/labels";

/**
 * Re-applies one stored delivery. One request per press however often it is pressed; the server
 * applies a delivery once, so a second tab gets the first one's result, said as such.
 */
export function ReapplyButton({ id }: { id: number }) {
  // Once answered, the button goes: the row says who re-applied it the next time the log is read.
  const [done, setDone] = useState(false);
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);

  const { press: reapply, pending } = useOncePerPress(async () => {
    try {
      const result = await webhooksApi.reapply(id);
      const outcome = deliveryOutcomeLabels[result.outcome] ?? result.outcome;
      setMessage({
        tone: "ok",
        text: result.replayed
          ? `Already re-applied${result.reappliedBy ? ` by ${result.reappliedBy}` : ""}: ${outcome.toLowerCase()}. Nothing changed now.`
          : result.outcome === "applied"
            ? "Re-applied: the customer's status now follows this decision."
            : "Not applied: the customer's stored status is newer than this decision.",
      });
      setDone(true);
    } catch (error) {
      setMessage({ tone: "error", text: failureMessage(error, "Could not re-apply. Try again.") });
    }
  });

  return (
    <div className="flex flex-col items-start gap-1">
      {done ? null : (
        <Button type="button" size="sm" variant="secondary" loading={pending} onClick={() => reapply()} data-testid="reapply">
          Re-apply
        </Button>
      )}
      {message ? (
        <p role="status" className={message.tone === "ok" ? "text-xs text-slate-700" : "text-xs text-red-700"}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
