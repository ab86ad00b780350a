import { z } from "@/lib/validation/zod";
import { contract } from "./contract";

/**
 * Probes for load balancers and operators: no staff session, no upstream call on the hot path.
 * They answer their own JSON (a 503 carries the same shape), so they do not go through route().
 */
export const getPing = contract({
  method: "GET",
  path: "/api/ping",
  outside: "probe",
  action: "ops.ping",
  response: z.object({ ok: z.literal(true) }),
  errors: [],
});

/** Liveness: the process answers (no database, no upstream: neither one's outage may restart every instance). */
export const getHealth = contract({
  method: "GET",
  path: "/api/health",
  outside: "probe",
  action: "ops.health",
  response: z.object({ ok: z.literal(true), environment: z.string(), upstream: z.string() }),
  errors: [],
});

/** The payments API as the instance's own calls found it (server/upstream/client.ts upstreamState); readiness only reports it. */
export const upstreamStates = ["ok", "unknown", "auth_failed", "circuit_open"] as const;
export type UpstreamState = (typeof upstreamStates)[number];

const check = z.enum(["ok", "failed"]);
export const getReady = contract({
  method: "GET",
  path: "/api/ready",
  outside: "probe",
  action: "ops.ready",
  response: z.object({
    ready: z.boolean(),
    checks: z.object({ database: check }),
    failed: z.array(z.enum(["database", "shutting_down"])),
    upstream: z.enum(upstreamStates),
  }),
  errors: [],
});

/** Prometheus's scrape: a bearer token (METRICS_TOKEN), not a staff session; the text format, not JSON. */
export const getMetrics = contract({
  method: "GET",
  path: "/api/metrics",
  outside: "probe",
  action: "ops.metrics",
  response: z.string(),
  errors: ["not_found"],
});
