import * as opsContracts from "@/lib/contracts/ops";
import { readApprovalsPending } from "@/server/approvals/gauge";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { outsideRoute } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { metricsEndpoint } from "@/server/observability/metrics-endpoint";

export const dynamic = "force-dynamic";

/** Prometheus text format for a scraper with METRICS_TOKEN; 404 while no token is configured. */
const get = outsideRoute(
  opsContracts.getMetrics,
  metricsEndpoint(() => env().metricsToken, [async () => readApprovalsPending(await db())]),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
