import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { databaseNow } from "@/server/db/clock";
import { rows } from "@/server/db/migrate";
import { withAppClockSkew } from "@/server/testing/app-clock-skew";
import { checkChain } from "./chain";
import { writeAudit } from "./writer";

let db: Db;
withFreshDatabase((opened) => (db = opened));

const actor = { id: null, email: "ops@example.com", role: "ops" };

describe("audit writer", () => {
  it("chains entries and masks personal data in the detail", async () => {
    for (let i = 0; i < 5; i++) {
      await writeAudit({
        db,
        actor,
        action: "customer.update",
        target: `customer:cus_${i}`,
        outcome: "success",
        requestId: `r${i}`,
        detail: { email: "jane.doe@example.com", phone_number: "+2348012345678", password: "x" },
      });
    }
    const entries = await db.select().from(auditLog).orderBy(auditLog.id);
    expect(entries).toHaveLength(5);
    expect(JSON.stringify(entries[0]!.detail)).not.toContain("jane.doe");
    expect(JSON.stringify(entries[0]!.detail)).not.toContain("8012345678");
    expect(entries[0]!.detail).not.toHaveProperty("password");
    expect(checkChain(entries)).toEqual({ ok: true, checked: 5 });
  });

  it("stamps entries with the database's time, not the instance's, and hashes what it stores", async () => {
    const MINUTE = 60_000;
    for (const skew of [-10 * MINUTE, 10 * MINUTE]) {
      const requestId = `skew${skew}`;
      await withAppClockSkew(skew, () =>
        writeAudit({ db, actor, action: "customer.update", target: "cus_skew", outcome: "success", requestId }),
      );
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.requestId} = ${requestId}`);
      const now = await databaseNow(db);
      expect(Math.abs(entry!.occurredAt.getTime() - now.getTime())).toBeLessThan(MINUTE);
    }
    const entries = await db.select().from(auditLog).orderBy(auditLog.id);
    expect(checkChain(entries)).toEqual({ ok: true, checked: entries.length });
  });

  it("refuses updates and deletes (append-only)", async () => {
    const causeOf = (p: Promise<unknown>) =>
      p.then(
        () => "no error",
        (e: Error) => String((e.cause as Error | undefined)?.message ?? e.message),
      );
    expect(await causeOf(db.execute(sql`UPDATE audit_log SET outcome = 'failure'`))).toMatch(/append-only/);
    expect(await causeOf(db.execute(sql`DELETE FROM audit_log`))).toMatch(/append-only/);
    expect(await causeOf(db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only/);
  });

  it("detects a row altered directly in the database, at that row", async () => {
    await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
    const [third] = rows<{ id: number }>(await db.execute(sql`SELECT id FROM audit_log ORDER BY id OFFSET 2 LIMIT 1`));
    await db.execute(sql`UPDATE audit_log SET target = 'customer:someone_else' WHERE id = ${third!.id}`);
    await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
    const entries = await db.select().from(auditLog).orderBy(auditLog.id);
    const result = checkChain(entries);
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ brokenAtId: Number(third!.id), checked: 2 });
  });
});
