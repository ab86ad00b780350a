import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { env } from "@/server/env";

/** Liveness for load balancers: answers without a session and reveals no configuration values. */
export async function health(): Promise<{ ok: boolean; database: "ok" | "error"; environment: string; upstream: string }> {
  const config = env();
  let database: "ok" | "error" = "ok";
  try {
    await (await db()).execute(sql`SELECT 1`);
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
