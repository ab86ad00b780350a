"use client";

import { Button } from "./button";

/** "Try again": ErrorState's button, and the failure lines' (QueryErrorState, a list that could not read more). */
export function RetryButton({ onRetry, label = "Try again" }: { onRetry: () => void; label?: string }) {
  return (
    <Button variant="secondary" size="sm" onClick={onRetry}>
      {label}
    </Button>
  );
}
