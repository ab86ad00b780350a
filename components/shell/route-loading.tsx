import { LoadingState } from "@/components/ui/loading-state";

/**
 * The skeleton a route shows while its server render streams in. Each area's folder has its own
 * `loading.tsx` rather than one for the whole (app) group, so the card-transactions route can do
 * without it: a boundary there would hold back server-rendered rows by React's reveal throttle.
 */
export default function RouteLoading() {
  return <LoadingState />;
}
