import "server-only";
import { z } from "@/lib/validation/zod";
import { generalError } from "./respond";
import type { FaultController, FaultSpec } from "./types";

/** Validates a FaultSpec arriving over HTTP (`POST /__sim/faults`) or from a test. */
export const faultSpecSchema = z.strictObject({
  operation: z.string().min(1),
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  status: z.number().int().min(100).max(599).optional(),
  drop: z.boolean().optional(),
  malformed: z.boolean().optional(),
  redirect: z.boolean().optional(),
  body: z.unknown().optional(),
  times: z.number().int().min(1).optional(),
});

/** What a request runs into: a delay, then at most one terminal effect. */
export type FaultOutcome = { latencyMs: number; effect: Pick<FaultSpec, "status" | "drop" | "malformed" | "redirect" | "body"> | null };

type Entry = { spec: FaultSpec; remaining: number };

/**
 * Faults are kept in insertion order. Every matching fault counts one use; latencies add up and
 * the first fault with an effect (drop, redirect, malformed, status) decides the answer, so a
 * "*" latency can sit under a targeted status fault.
 */
export function createFaults(): FaultController & { take(operation: string): FaultOutcome | null } {
  let entries: Entry[] = [];
  return {
    add(spec) {
      const valid = faultSpecSchema.parse(spec);
      entries.push({ spec: valid, remaining: valid.times ?? Number.POSITIVE_INFINITY });
    },
    clear() {
      entries = [];
    },
    list: () => entries.map(({ spec, remaining }) => ({ ...spec, ...(Number.isFinite(remaining) ? { times: remaining } : {}) })),
    take(operation) {
      const matching = entries.filter((e) => e.spec.operation === "*" || e.spec.operation === operation);
      if (matching.length === 0) return null;
      let latencyMs = 0;
      let effect: FaultOutcome["effect"] = null;
      for (const entry of matching) {
        entry.remaining -= 1;
        latencyMs += entry.spec.latencyMs ?? 0;
        const { status, drop, malformed, redirect, body } = entry.spec;
        if (!effect && (status !== undefined || drop || malformed || redirect || body !== undefined))
          effect = { status, drop, malformed, redirect, body };
      }
      entries = entries.filter((e) => e.remaining > 0);
      return { latencyMs, effect };
    },
  };
}

/** Thrown inside the dispatcher to make `fetch` reject the way a dropped connection does. */
export class DroppedConnection extends Error {}

/** The response a fault effect produces; a drop throws instead. */
export function faultResponse(effect: NonNullable<FaultOutcome["effect"]>, operation: string): Response {
  if (effect.drop) throw new DroppedConnection(operation);
  if (effect.redirect) {
    return new Response(null, { status: effect.status ?? 302, headers: { Location: "https://login.example.invalid/session-expired" } });
  }
  if (effect.malformed) {
    // Looks like JSON to a careless reader: the right content type, then a proxy's HTML.
    const body = '{"id": "txn_usd_0001", "amount": 12<html><body><h1>502 Bad Gateway</h1></body></html>';
    return new Response(body, { status: effect.status ?? 200, headers: { "Content-Type": "application/json; charset=utf-8" } });
  }
  if (effect.body !== undefined) {
    return new Response(JSON.stringify(effect.body), {
      status: effect.status ?? 200,
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
  }
  const status = effect.status ?? 500;
  return generalError(status, `Simulated fault: HTTP ${status} for ${operation}.`, { fault: "simulated" });
}

/** Waits `ms`, or less if the caller gave up (its signal aborted). */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
