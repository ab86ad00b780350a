import "server-only";
import { sql } from "drizzle-orm";
import type { UpstreamState } from "@/lib/contracts/ops";
import type { Db } from "@/server/db/types";
import { env } from "@/server/env";
import { log } from "@/server/log";
import { isDraining } from "@/server/ops/shutdown";
import { upstreamState } from "@/server/upstream/client";
import { within } from "@/lib/time/within";

/**
 * How a probe reaches the database: opening it is part of what it checks (an open that fails is a
 * failed check, not an error), so the probe's route hands it the opener rather than an open handle.
 */
export type ProbeInput = { openDb: () => Promise<Db> };

export type Health = { ok: true; environment: string; upstream: string };

/**
 * Liveness (the container's HEALTHCHECK): answered by the process itself, so an answer means it is
 * alive and its event loop turns. It asks neither the database nor the payments API: a brief
 * PostgreSQL outage must not mark every container unhealthy (and restart them) at once; readiness
 * is where the database counts. Needs no session and reveals no configuration value.
 */
export function health(): Health {
  const config = env();
  return {
    ok: true,
    environment: config.environment,
    upstream: config.upstream.kind === "embedded" ? "embedded-simulator" : "http",
  };
}

/** What readiness checks; a part that fails is named in the 503, never with its error's text. */
export type ReadinessPart = "database" | "shutting_down";

export type Readiness = {
  ready: boolean;
  checks: Record<"database", "ok" | "failed">;
  failed: ReadinessPart[];
  /** Informational: the payments API as this instance's calls found it (upstreamState); it never makes the instance unready. */
  upstream: UpstreamState;
};

/** A check that hangs counts as failed: a readiness probe must answer within the balancer's timeout. */
const CHECK_DEADLINE_MS = 5_000;

/**
 * Readiness for load balancers: ready when the database answers a query and the process is not
 * stopping. The payments API is not a condition: its outage or a wrong key is the same for every
 * instance, and taking them all out of the balancer would darken what works without it (sign-in,
 * the audit trail, staff); its pages say the API is not answering instead. Its state is reported
 * from what this instance already knows (its circuit breakers, its last `POST /auth`): a probe
 * makes no upstream call.
 */
export async function readiness({ openDb }: ProbeInput): Promise<Readiness> {
  const database = await check("database", async () => (await openDb()).execute(sql`SELECT 1`));
  const failed: ReadinessPart[] = [];
  if (database === "failed") failed.push("database");
  if (isDraining()) failed.push("shutting_down");
  return { ready: failed.length === 0, checks: { database }, failed, upstream: upstreamState() };
}

async function check(part: ReadinessPart, probe: () => Promise<unknown>): Promise<"ok" | "failed"> {
  try {
    await within(probe(), CHECK_DEADLINE_MS, () => {
      throw new Error("no answer in time");
    });
    return "ok";
  } catch (error) {
    // The error's name and code only: a driver's message can hold a connection string.
    log.warn(
      { part, error: error instanceof Error ? error.name : "unknown", code: (error as { code?: unknown }).code },
      "readiness check failed",
    );
    return "failed";
  }
}
