"use client";

import { Button } from "./button";

/** The one interactive piece of ErrorState, split out so ErrorState stays server-compatible. */
export function RetryButton({ onRetry, label = "Try again" }: { onRetry: () => void; label?: string }) {
  return (
    <Button variant="secondary" size="sm" onClick={onRetry}>
      {label}
    </Button>
  );
}
