import "server-only";
import { eq } from "drizzle-orm";
import type { AlertSettings } from "@/lib/contracts/security";
import { alertThresholdsSchema, DEFAULT_ALERT_THRESHOLDS } from "@/lib/security/alert-rules";
import { securityAlertSettings } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

/**
 * The thresholds the alert rules use, read from the database when a rule's event is written (one
 * indexed row), so a change on one instance applies on all at the next event. A stored row this
 * version cannot read (older or newer shape) falls back to the defaults key by key.
 */
export async function readAlertSettings(db: Db): Promise<AlertSettings> {
  const [row] = await db.select().from(securityAlertSettings).where(eq(securityAlertSettings.id, 1)).limit(1);
  if (!row) return { thresholds: DEFAULT_ALERT_THRESHOLDS, updated_at: null, updated_by: null };
  const merged = alertThresholdsSchema.safeParse({ ...DEFAULT_ALERT_THRESHOLDS, ...row.thresholds });
  return {
    thresholds: merged.success ? merged.data : DEFAULT_ALERT_THRESHOLDS,
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedByName,
  };
}
