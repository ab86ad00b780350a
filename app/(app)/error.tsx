"use client";

import { lazyPart } from "@/components/ui/lazy-part";

// Next.js loads a segment's error boundary with every page under it; its view (the state panel, the
// retry button) is fetched only when a page has actually failed.
const ErrorState = lazyPart(() => import("@/components/ui/error-state"), "ErrorState");

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return <ErrorState title="This page could not be shown" message="Something went wrong while loading it. Try again." onRetry={reset} />;
}
