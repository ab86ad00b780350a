import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditQuerySchema } from "@/lib/contracts/audit";
import { rows } from "@/server/db/migrate";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { listAudit } from "./query";
import { verifyAuditChain } from "./verify";
import { writeAudit } from "./writer";

let db: Db;
withFreshDatabase((opened) => (db = opened));

describe("audit chain verification service", () => {
  it("verifies every entry, then reports the row altered directly in the database", async () => {
    for (let i = 0; i < 12; i++) {
      await writeAudit({
        db,
        actor: { id: null, email: "compliance@example.com", role: "compliance" },
        action: "bvn.lookup",
        target: `bvn:${i}`,
        outcome: "success",
        requestId: `r${i}`,
      });
    }
    expect(await verifyAuditChain(db, 5)).toEqual({ ok: true, checked: 12 });
    const [seventh] = rows<{ id: number }>(await db.execute(sql`SELECT id FROM audit_log ORDER BY id OFFSET 6 LIMIT 1`));
    await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
    await db.execute(sql`UPDATE audit_log SET outcome = 'denied' WHERE id = ${seventh!.id}`);
    await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
    // Batches of 5: the break is in the second batch, so the carry-over between batches is exercised.
    expect(await verifyAuditChain(db, 5)).toMatchObject({ ok: false, brokenAtId: Number(seventh!.id), checked: 6 });
  });
});

describe("audit keyset pagination at 100,000 entries", () => {
  it("walks older and newer pages without gaps or repeats, with filters", async () => {
    await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_truncate`);
    await db.execute(sql`TRUNCATE audit_log`);
    await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_truncate`);
    await db.execute(sql`
      INSERT INTO audit_log (occurred_at, request_id, actor_email, actor_role, action, outcome, prev_hash, hash)
      SELECT now() - (100000 - g) * interval '1 second', 'r' || g, CASE WHEN g % 3 = 0 THEN 'ops@example.com' ELSE 'admin@example.com' END,
             'admin', CASE WHEN g % 2 = 0 THEN 'bvn.lookup' ELSE 'staff.update' END, 'success', '', ''
      FROM generate_series(1, 100000) AS g`);
    const ids = rows<{ id: number }>(await db.execute(sql`SELECT id FROM audit_log ORDER BY id DESC`)).map((r) => Number(r.id));
    expect(ids).toHaveLength(100_000);

    const q = (extra: Record<string, unknown>) => auditQuerySchema.parse({ limit: "200", ...extra });
    const first = await listAudit(db, q({}));
    expect(first.entries.map((e) => e.id)).toEqual(ids.slice(0, 200));
    expect(first.newerCursor).toBeNull();
    const second = await listAudit(db, q({ before: String(first.olderCursor) }));
    expect(second.entries.map((e) => e.id)).toEqual(ids.slice(200, 400));
    const back = await listAudit(db, q({ after: String(second.newerCursor) }));
    expect(back.entries.map((e) => e.id)).toEqual(ids.slice(0, 200));
    expect(back.newerCursor).toBeNull();
    const last = await listAudit(db, q({ before: String(ids[99_900]) }));
    expect(last.entries.map((e) => e.id)).toEqual(ids.slice(99_901));
    expect(last.olderCursor).toBeNull();

    const filtered = await listAudit(db, q({ staff: "ops@example.com", action: "bvn.lookup", limit: "50" }));
    expect(filtered.entries).toHaveLength(50);
    expect(filtered.entries.every((e) => e.actorEmail === "ops@example.com" && e.action === "bvn.lookup")).toBe(true);
    const filteredNext = await listAudit(
      db,
      q({ staff: "ops@example.com", action: "bvn.lookup", limit: "50", before: String(filtered.olderCursor) }),
    );
    expect(Math.max(...filteredNext.entries.map((e) => e.id))).toBeLessThan(Math.min(...filtered.entries.map((e) => e.id)));
  });
});
