import "server-only";

export { createSimulator, type ResettableSimulator } from "./simulator";
export { SEED, SEED_REFERENCE_DATE, SIMULATOR_CREDENTIALS } from "./seed/ids";
export { OPERATIONS, type OperationName } from "./routes";
export { decisionPayload } from "./webhook-delivery";
export type {
  FaultController,
  FaultSpec,
  Simulator,
  SimulatorOptions,
  SimulatorStats,
  VerificationDecisionEvent,
  VerificationStatus,
} from "./types";
