import { describe, expect, it } from "vitest";
import { auditQuerySchema } from "@/lib/contracts/audit";
import { FIRST_DAY, LAST_DAY } from "@/lib/time/zoned-day";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { listAudit } from "./query";
import { writeAudit } from "./writer";

let db: Db;
withFreshDatabase((opened) => (db = opened));

describe("the audit trail's widest date range", () => {
  it("is refused past 9999-12-30, and up to it is read by the database in every zone, ±14 hours and local mean time alike", async () => {
    await writeAudit({
      db,
      actor: { id: null, email: "compliance@example.com", role: "compliance" },
      action: "bvn.lookup",
      target: "bvn:1",
      outcome: "success",
      requestId: "r1",
    });
    expect(auditQuerySchema.safeParse({ to: "9999-12-31" }).success).toBe(false);
    for (const tz of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Manila", "UTC"]) {
      const page = await listAudit(db, auditQuerySchema.parse({ from: FIRST_DAY, to: LAST_DAY, tz }));
      expect(
        page.entries.map((e) => e.requestId),
        tz,
      ).toEqual(["r1"]);
    }
  });
});
