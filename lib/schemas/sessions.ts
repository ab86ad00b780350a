import { z } from "zod";

/** One open sign-in of a staff member, as the sessions page shows it. */
export const sessionViewSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** A short "Chrome on Linux"-style summary of the user agent. */
  device: z.string(),
  address: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

export const sessionListSchema = z.object({ sessions: z.array(sessionViewSchema) });
export const sessionIdParams = z.object({ id: z.uuid({ message: "That session id is not valid." }) });
export const endedSessionsSchema = z.object({ ended: z.number().int() });
