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

describe("the audit trail's page cursors", () => {
  it("are refused past the largest id a number holds exactly, and up to it are read by the database", async () => {
    await writeAudit({
      db,
      actor: { id: null, email: "compliance@example.com", role: "compliance" },
      action: "audit.read",
      target: null,
      outcome: "success",
      requestId: "cursor-1",
    });
    // Past bigint's range, a cursor the schema let through would fail in the query: a 500, not a 400.
    for (const after of ["99999999999999999999", "1e20", "0x10"]) expect(auditQuerySchema.safeParse({ after }).success, after).toBe(false);
    const page = await listAudit(db, auditQuerySchema.parse({ action: "audit.read", before: String(Number.MAX_SAFE_INTEGER) }));
    expect(page.entries.map((e) => e.requestId)).toEqual(["cursor-1"]);
  });
});
