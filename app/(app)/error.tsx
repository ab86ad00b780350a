"use client";

import { ErrorState } from "@/components/ui/error-state";

// Drawn with the page, not fetched when a page fails: the failure is often the very network that
// would have to deliver it (a chunk that did not arrive), and its "Try again" must work then. It is
// small (a panel and a button), and its button re-renders the page, whose parts fetch their code
// again (lazyPart).
export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return <ErrorState title="This page could not be shown" message="Something went wrong while loading it. Try again." onRetry={reset} />;
}
