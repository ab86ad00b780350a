import { getAuditCheckpoint } from "@/lib/contracts/audit";
import { checkpointStatus } from "@/server/audit/checkpoint-status";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const get = route(getAuditCheckpoint, ({ db }) => checkpointStatus({ db }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
