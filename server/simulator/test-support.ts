import "server-only";
import { SIMULATOR_CREDENTIALS } from "./seed/ids";
import { createSimulator } from "./simulator";
import type { Simulator, SimulatorOptions } from "./types";

/** Helpers for the simulator's own tests: the same calls an API client would make. */
export const ROOT = "http://simulator.test/api/v1";

export function basicHeader(businessId: string, secretKey: string): string {
  return `Basic ${Buffer.from(`${businessId}:${secretKey}`).toString("base64")}`;
}

export async function login(
  sim: Simulator,
  credentials: { businessId: string; secretKey: string } = SIMULATOR_CREDENTIALS,
): Promise<string> {
  const response = await sim.fetch(
    new Request(`${ROOT}/auth`, { method: "POST", headers: { Authorization: basicHeader(credentials.businessId, credentials.secretKey) } }),
  );
  if (response.status !== 200) throw new Error(`login failed with ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export type CallOptions = { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> };

export async function call(sim: Simulator, method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}), ...options.headers };
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  }
  const response = await sim.fetch(new Request(`${ROOT}${path}`, { method, headers, body }));
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** A simulator with a hand-driven clock and a logged-in client. */
export async function setup(options: SimulatorOptions = {}) {
  let nowMs = Date.parse("2026-11-10T09:00:00.000Z");
  const clock = { now: () => nowMs, advance: (ms: number) => (nowMs += ms) };
  const sim = createSimulator({ now: clock.now, ...options });
  const token = await login(sim);
  const api = (method: string, path: string, options: Omit<CallOptions, "token"> = {}) => call(sim, method, path, { token, ...options });
  return { sim, clock, token, api };
}
