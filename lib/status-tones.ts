import { upstreamCode } from "@/lib/format/code-case";

/** The badge tones, named here so lib/ need not import components (components/ui/badge styles each). */
export type BadgeToneName = "neutral" | "info" | "success" | "warning" | "danger";

// The one status → tone map of every badge (payments, collections, verification states and events).
// The spec does not list status values, so the common words are mapped and the rest left neutral:
// a colour must never claim success for a status we do not know.
const STATUS_TONES: Record<string, BadgeToneName> = {
  SUCCESS: "success",
  SUCCESSFUL: "success",
  COMPLETED: "success",
  ACTIVE: "success",
  APPROVED: "success",
  PENDING: "warning",
  PROCESSING: "warning",
  RECONCILIATION_REQUIRED: "warning",
  FAILED: "danger",
  REJECTED: "danger",
  DECLINED: "danger",
  REVERSED: "danger",
};

/** Badge tone for a status; case, spaces and hyphens do not matter. */
export function statusTone(status: string | null | undefined): BadgeToneName {
  if (!status) return "neutral";
  // The same reading as the status's words beside it, so a badge's colour and text name one status.
  const key = (upstreamCode(status) ?? "").replace(/[\s-]+/g, "_");
  return STATUS_TONES[key] ?? "neutral";
}
