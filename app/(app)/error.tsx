"use client";

import { ErrorState } from "@/components/ui/states";

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return <ErrorState title="This page could not be shown" message="Something went wrong while loading it. Try again." onRetry={reset} />;
}
