import "server-only";
import { sql } from "drizzle-orm";
import type { AlertSettings } from "@/lib/contracts/security";
import type { AlertThresholds } from "@/lib/security/alert-rules";
import { readAlertSettings } from "@/server/audit/alert-thresholds";
import { changeSetting } from "@/server/audit/setting-change";
import type { StaffActor } from "@/server/audit/writer";
import { securityAlertSettings } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

/** Saves the administrator's thresholds, audited with the old and new values (changeSetting). */
export async function saveAlertSettings({
  db,
  actor,
  input,
  requestId,
}: {
  db: Db;
  actor: StaffActor & { name: string };
  input: { thresholds: AlertThresholds };
  requestId: string;
}): Promise<AlertSettings> {
  const { thresholds } = input;
  await changeSetting(db, {
    read: async (tx) => (await readAlertSettings(tx)).thresholds,
    write: async (tx) => {
      await tx
        .insert(securityAlertSettings)
        .values({ id: 1, thresholds, updatedBy: actor.id, updatedByName: actor.name })
        .onConflictDoUpdate({
          target: securityAlertSettings.id,
          set: { thresholds, updatedAt: sql`now()`, updatedBy: actor.id, updatedByName: actor.name },
        });
    },
    audit: (before) => ({
      actor,
      action: "security_alert.settings.update",
      target: "settings:security_alerts",
      outcome: "success",
      requestId,
      detail: { before, after: thresholds },
    }),
  });
  return readAlertSettings(db);
}
