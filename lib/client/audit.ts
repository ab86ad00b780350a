import { queryOptions } from "@tanstack/react-query";
import { getAuditChain, getAuditCheckpoint, getAuditExport } from "@/lib/contracts/endpoints/audit";
import type { AuditFilters } from "@/lib/contracts/audit";
import { call, urlOf } from "./call";

export const auditChainQuery = () =>
  queryOptions({
    queryKey: ["audit-chain"],
    queryFn: ({ signal }) => call(getAuditChain, { signal }),
  });

export const auditCheckpointQuery = () =>
  queryOptions({
    queryKey: ["audit-checkpoint"],
    queryFn: ({ signal }) => call(getAuditCheckpoint, { signal }),
  });

/** The CSV download of the filtered trail (a link, not a fetch). */
export const auditExportUrl = (filters: AuditFilters) => urlOf(getAuditExport, { query: filters });
