import { getMetrics } from "@/lib/contracts/ops";
import { readApprovalsPending } from "@/server/approvals/gauge";
import { env } from "@/server/env";
import { outsideRoute } from "@/server/http/route";
import { metricsEndpoint } from "@/server/observability/metrics-endpoint";

export const dynamic = "force-dynamic";

/** Prometheus text format for a scraper with METRICS_TOKEN; 404 while no token is configured. */
export const GET = outsideRoute(
  getMetrics,
  metricsEndpoint(() => env().metricsToken, [readApprovalsPending]),
);
