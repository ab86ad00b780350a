"use client";

import { lazy, Suspense } from "react";

// Next.js loads a segment's error boundary with every page under it; its view (the state panel, the
// retry button) is fetched only when a page has actually failed.
const ErrorState = lazy(() => import("@/components/ui/states").then((m) => ({ default: m.ErrorState })));

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return (
    <Suspense fallback={null}>
      <ErrorState title="This page could not be shown" message="Something went wrong while loading it. Try again." onRetry={reset} />
    </Suspense>
  );
}
