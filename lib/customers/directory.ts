import { z } from "@/lib/validation/zod";
import { PATH_PARAM_MESSAGE, PATH_PARAM_PATTERN } from "@/lib/path-params";
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

export const directoryStateLabels = Object.fromEntries(directoryStates.map((s) => [s, STATE_DESCRIPTIONS[s].label])) as Record<
  PanelState,
  string
>;

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v);

/** The directory's URL filters; the page explains a bad one beside the form instead of failing. */
export const directoryQuerySchema = z.object({
  state: z.preprocess(blank, z.enum(directoryStates, { message: "Choose a verification state from the list." }).optional()),
  q: z.preprocess(
    blank,
    z
      .string()
      .regex(PATH_PARAM_PATTERN, { message: `Search by id. ${PATH_PARAM_MESSAGE}` })
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

/**
 * Each filter read on its own: a bad one is dropped and explained beside its field, the good one
 * still applies, so a mistyped link never ends on an error page.
 */
export function parseDirectoryQuery(raw: Record<string, string>): {
  query: DirectoryQuery;
  errors: Partial<Record<keyof DirectoryQuery, string>>;
  raw: { state: string; q: string };
} {
  const query: DirectoryQuery = {};
  const errors: Partial<Record<keyof DirectoryQuery, string>> = {};
  for (const name of ["state", "q"] as const) {
    const parsed = directoryQuerySchema.shape[name].safeParse(raw[name]);
    if (parsed.success) {
      if (parsed.data !== undefined) (query as Record<string, string>)[name] = parsed.data;
    } else errors[name] = parsed.error.issues[0]?.message ?? "This filter is not valid.";
  }
  return { query, errors, raw: { state: raw.state ?? "", q: raw.q ?? "" } };
}
