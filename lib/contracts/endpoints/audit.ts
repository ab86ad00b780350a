import type * as audit from "@/lib/contracts/audit";
import { endpoint } from "./endpoint";

export const getAuditChain = endpoint<typeof audit.getAuditChain>({ method: "GET", path: "/api/audit/chain" });
export const getAuditCheckpoint = endpoint<typeof audit.getAuditCheckpoint>({ method: "GET", path: "/api/audit/checkpoint" });
export const getAuditExport = endpoint<typeof audit.getAuditExport>({ method: "GET", path: "/api/audit/export" });
