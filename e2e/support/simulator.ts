import type { APIRequestContext } from "@playwright/test";
import { SIMULATOR_URL } from "./servers";

export type Fault = {
  operation: string;
  latencyMs?: number;
  status?: number;
  drop?: boolean;
  malformed?: boolean;
  redirect?: boolean;
  times?: number;
};

/** The standalone simulator's test controls (outside its /api/v1 surface). */
export const simulator = {
  async addFault(request: APIRequestContext, fault: Fault) {
    const res = await request.post(`${SIMULATOR_URL}/__sim/faults`, { data: fault });
    if (!res.ok()) throw new Error(`could not add fault: ${res.status()}`);
  },
  async clearFaults(request: APIRequestContext) {
    await request.delete(`${SIMULATOR_URL}/__sim/faults`);
  },
  async stats(request: APIRequestContext): Promise<Record<string, number>> {
    const res = await request.get(`${SIMULATOR_URL}/__sim/stats`);
    const body = (await res.json()) as Record<string, number> | { counts: Record<string, number> };
    return "counts" in body && typeof body.counts === "object" ? (body.counts as Record<string, number>) : (body as Record<string, number>);
  },
  async resetStats(request: APIRequestContext) {
    await request.delete(`${SIMULATOR_URL}/__sim/stats`);
  },
};
