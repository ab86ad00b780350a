import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/types";
import { env } from "@/server/env";
import { log } from "@/server/log";
import { isDraining } from "@/server/ops/shutdown";
import { upstreamToken } from "@/server/upstream/client";

/**
 * How a probe reaches the database: opening it is part of what it checks (an open that fails is a
 * failed check, not an error), so the probe's route hands it the opener rather than an open handle.
 */
export type ProbeInput = { openDb: () => Promise<Db> };

/** Liveness for load balancers: answers without a session and reveals no configuration values. */
export async function health({
  openDb,
}: ProbeInput): Promise<{ ok: boolean; database: "ok" | "error"; environment: string; upstream: string }> {
  const config = env();
  let database: "ok" | "error" = "ok";
  try {
    await (await openDb()).execute(sql`SELECT 1`);
  } catch {
    database = "error";
  }
  return {
    ok: database === "ok",
    database,
    environment: config.environment,
    upstream: config.upstream.kind === "embedded" ? "embedded-simulator" : "http",
  };
}

/** What readiness checks; a part that fails is named in the 503, never with its error's text. */
export type ReadinessPart = "database" | "upstream_auth" | "shutting_down";

export type Readiness = { ready: boolean; checks: Record<"database" | "upstream_auth", "ok" | "failed">; failed: ReadinessPart[] };

/** A check that hangs counts as failed: a readiness probe must answer within the balancer's timeout. */
const CHECK_DEADLINE_MS = 5_000;

/**
 * Readiness for load balancers: ready only when the database answers a query and the business's
 * bearer token can be had (a cached valid one counts; otherwise `POST /auth` is made), and not while
 * the process is stopping.
 */
export async function readiness({ openDb }: ProbeInput): Promise<Readiness> {
  const [database, upstreamAuth] = await Promise.all([
    check("database", async () => (await openDb()).execute(sql`SELECT 1`)),
    check("upstream_auth", () => upstreamToken()),
  ]);
  const failed: ReadinessPart[] = [];
  if (database === "failed") failed.push("database");
  if (upstreamAuth === "failed") failed.push("upstream_auth");
  if (isDraining()) failed.push("shutting_down");
  return { ready: failed.length === 0, checks: { database, upstream_auth: upstreamAuth }, failed };
}

async function check(part: ReadinessPart, probe: () => Promise<unknown>): Promise<"ok" | "failed"> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("no answer in time")), CHECK_DEADLINE_MS);
      }),
    ]);
    return "ok";
  } catch (error) {
    // The error's name and code only: a driver's message can hold a connection string.
    log.warn(
      { part, error: error instanceof Error ? error.name : "unknown", code: (error as { code?: unknown }).code },
      "readiness check failed",
    );
    return "failed";
  } finally {
    clearTimeout(timer);
  }
}
