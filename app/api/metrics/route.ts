import * as opsContracts from "@/lib/contracts/ops";
import { readApprovalsPending } from "@/server/approvals/gauge";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { outsideRoute } from "@/server/http/route";
import { metricsEndpoint } from "@/server/observability/metrics-endpoint";

export const dynamic = "force-dynamic";

/** Prometheus text format for a scraper with METRICS_TOKEN; 404 while no token is configured. */
export const GET = outsideRoute(
  opsContracts.getMetrics,
  metricsEndpoint(() => env().metricsToken, [async () => readApprovalsPending(await db())]),
);
