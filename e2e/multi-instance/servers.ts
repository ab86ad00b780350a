import { SIMULATOR_PORT } from "@/e2e/support/servers";

/** Ports of the multi-instance project: two `next start` of one build behind the test balancer. */
export const BALANCER_PORT = Number(process.env.E2E_MULTI_PORT ?? 3130);
export const INSTANCE_PORTS = [
  Number(process.env.E2E_MULTI_INSTANCE_1_PORT ?? BALANCER_PORT + 1),
  Number(process.env.E2E_MULTI_INSTANCE_2_PORT ?? BALANCER_PORT + 2),
] as const;
// The suite's simulator port (E2E_SIMULATOR_PORT), so the shared simulator helpers reach it.
export const MULTI_SIMULATOR_PORT = SIMULATOR_PORT;
export const BALANCER_URL = `http://localhost:${BALANCER_PORT}`;
