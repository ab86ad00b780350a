import { z } from "zod";
import { STATE_DESCRIPTIONS, type PanelState } from "./verification-states";

export const directoryStates = [
  "unknown",
  "not_submitted",
  "pending",
  "approved",
  "approved_no_card",
  "rejected",
  "reconciliation_required",
  "verified_at_issuance",
] as const satisfies readonly PanelState[];

export const directoryStateLabels = Object.fromEntries(directoryStates.map((s) => [s, STATE_DESCRIPTIONS[s].label])) as Record<PanelState, string>;

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v);

/** The directory's URL filters; the page explains a bad one beside the form instead of failing. */
export const directoryQuerySchema = z.object({
  state: z.preprocess(blank, z.enum(directoryStates, { message: "Choose a verification state from the list." }).optional()),
  q: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,128}$/, { message: "Search by id: letters, digits, '-' and '_' only, at most 128 characters." })
      .optional(),
  ),
});
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

export type DirectoryRow = {
  customer_id: string;
  state: PanelState;
  cards_issued: number;
  contact_set: boolean;
  last_checked_at: string | null;
  last_activity_at: string | null;
};
