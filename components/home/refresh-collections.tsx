"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { failureMessage } from "@/lib/client/fetcher";
import { collectionQuery } from "@/lib/client/finance";

/**
 * Re-reads each listed account through the BFF (which stores the new balance in the index), then
 * re-renders the page from the database. One failed read does not stop the others.
 */
export function RefreshCollections({ ids }: { ids: string[] }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function refresh() {
    setBusy(true);
    setMessage(null);
    const outcomes = await Promise.allSettled(ids.map((id) => queryClient.fetchQuery({ ...collectionQuery(id), staleTime: 0 })));
    const failed = outcomes.filter((o) => o.status === "rejected");
    if (failed.length > 0) {
      const first = failed[0] as PromiseRejectedResult;
      setMessage(`${failed.length} of ${ids.length} could not be re-read: ${failureMessage(first.reason, "try again.")}`);
    }
    router.refresh();
    setBusy(false);
  }

  if (ids.length === 0) return null;
  return (
    <div className="flex items-center gap-2">
      {message ? (
        <span role="status" className="text-xs text-red-700">
          {message}
        </span>
      ) : null}
      <Button variant="secondary" size="sm" loading={busy} onClick={refresh}>
        Refresh balances
      </Button>
    </div>
  );
}
