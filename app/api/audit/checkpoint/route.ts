import { getAuditCheckpoint } from "@/lib/contracts/audit";
import { checkpointStatus } from "@/server/audit/checkpoint-status";
import { route } from "@/server/http/route";

export const GET = route(getAuditCheckpoint, ({ db }) => checkpointStatus({ db }));
