import "server-only";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * Every metric of the process, under OpenTelemetry's semantic-convention names in their Prometheus
 * form (`http.server.request.duration` in seconds → `http_server_request_duration_seconds`, the
 * attribute `http.route` → the label `http_route`). Labels hold templates, methods, statuses and
 * outcomes from closed lists only: never an id, a path as requested, or an upstream's text.
 */

// OpenTelemetry's recommended boundaries for HTTP durations, in seconds.
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpServer: new Histogram({
      name: "http_server_request_duration_seconds",
      help: "Duration of HTTP server requests (our API), by route template.",
      labelNames: ["http_route", "http_request_method", "http_response_status_code"] as const,
      buckets: HTTP_BUCKETS,
      registers,
    }),
    httpClient: new Histogram({
      name: "http_client_request_duration_seconds",
      help: "Duration of calls to the payments API, by the spec's operation (url_template); retries and token acquisition included.",
      labelNames: ["url_template", "http_request_method", "http_response_status_code", "error_type"] as const,
      buckets: HTTP_BUCKETS,
      registers,
    }),
    tokenAcquisitions: new Counter({
      name: "upstream_token_acquisitions_total",
      help: "Bearer token acquisitions (POST /auth) by outcome.",
      labelNames: ["outcome"] as const,
      registers,
    }),
    tokenWaits: new Counter({
      name: "upstream_token_singleflight_waits_total",
      help: "Callers that waited for a token acquisition another caller had already started, instead of starting their own.",
      registers,
    }),
    webhookDeliveries: new Counter({
      name: "webhook_deliveries_total",
      help: "Verification webhook deliveries received, by outcome (applied, duplicate, stale, or the refusal's error code).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    cardIssuances: new Counter({
      name: "card_issuances_total",
      help: "Card creations that reached their audited end, by outcome (success, failure, denied); idempotent replays are not counted.",
      labelNames: ["outcome"] as const,
      registers,
    }),
    bvnLookups: new Counter({
      name: "bvn_lookups_total",
      help: "BVN lookups by audited outcome (success, failure, denied by the hourly quota).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    auditAppends: new Counter({
      name: "audit_appends_total",
      help: "Entries appended to the audit chain, by action and outcome.",
      labelNames: ["action", "outcome"] as const,
      registers,
    }),
    dbOperation: new Histogram({
      name: "db_client_operation_duration_seconds",
      help: "Duration of database operations: one statement, or one transaction as a whole.",
      labelNames: ["db_system_name", "db_operation_name"] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    dbConnections: new Gauge({
      name: "db_client_connection_count",
      help: "Database connections by state (used, idle). PGlite has one connection, used while an operation runs.",
      labelNames: ["db_client_connection_pool_name", "db_client_connection_state"] as const,
      registers,
    }),
    dbPending: new Gauge({
      name: "db_client_connection_pending_requests",
      help: "Operations waiting for a database connection (node-postgres: the pool's queue; PGlite: operations queued behind the running one).",
      labelNames: ["db_client_connection_pool_name"] as const,
      registers,
    }),
    dbMax: new Gauge({
      name: "db_client_connection_max",
      help: "The most connections the pool may open (PGlite: 1).",
      labelNames: ["db_client_connection_pool_name"] as const,
      registers,
    }),
    approvalsPending: new Gauge({
      name: "approvals_pending",
      help: "Four-eyes approval requests waiting for a second member (not expired), by action; read from the database at scrape time.",
      labelNames: ["action"] as const,
      registers,
    }),
    defaultsStarted: false,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

// Route handlers and start-up are bundled apart (and dev mode reloads modules): one set per process.
const holder = globalThis as unknown as { [key: symbol]: Metrics | undefined };
const KEY = Symbol.for("backoffice.metrics");

export function metrics(): Metrics {
  holder[KEY] ??= createMetrics();
  return holder[KEY];
}

/**
 * The exposition text. The process's own metrics (event-loop delay, heap, GC, handles) start with
 * the first scrape, so an instance nobody scrapes runs no event-loop monitor.
 */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const m = metrics();
  if (!m.defaultsStarted) {
    collectDefaultMetrics({ register: m.registry });
    m.defaultsStarted = true;
  }
  return { contentType: m.registry.contentType, body: await m.registry.metrics() };
}

/** Seconds since `startedAt` (a `performance.now()` reading). */
export function secondsSince(startedAt: number): number {
  return (performance.now() - startedAt) / 1000;
}
