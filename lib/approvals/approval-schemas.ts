import { z } from "@/lib/validation/zod";
import { type Approval, approvalActions, approvalStatuses } from "./actions";

// The zod side of actions.ts: the server's answers are parsed with these; the browser only needs the
// lists and the types, so the queue and the settings page open without the schema library.

export const approvalSchema = z.object({
  id: z.string(),
  action: z.enum(approvalActions),
  status: z.enum(approvalStatuses),
  requested_by: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  requested_at: z.string(),
  expires_at: z.string(),
  summary: z.string(),
  decided_by: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  reason: z.string().nullable(),
  /** After execution: the action's HTTP status and, for a refusal, its error code. Never the answer's data. */
  result: z.object({ status: z.number(), code: z.string().nullable() }).nullable(),
  /** A granted reveal: until when the maker may reveal. */
  usable_until: z.string().nullable(),
}) satisfies z.ZodType<Approval>;
