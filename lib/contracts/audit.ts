import { auditPageSchema, auditQuerySchema, chainStatusSchema } from "../schemas/audit";
import { contract, fileResponse } from "./contract";

/** One page of the audit trail, filtered. */
export const getAudit = contract({
  method: "GET",
  path: "/api/audit",
  capability: "audit.read",
  action: "audit.read",
  query: auditQuerySchema,
  response: auditPageSchema,
  errors: [],
});

/** Whether the hash chain of the trail is intact. */
export const getAuditChain = contract({
  method: "GET",
  path: "/api/audit/chain",
  capability: "audit.read",
  action: "audit.verify",
  response: chainStatusSchema,
  errors: [],
});

/** The filtered trail as CSV; the export is itself audited. */
export const getAuditExport = contract({
  method: "GET",
  path: "/api/audit/export",
  capability: "audit.read",
  action: "audit.export",
  query: auditQuerySchema,
  response: fileResponse,
  errors: [],
});
