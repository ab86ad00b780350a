import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { againstPostgres, withFreshDatabase } from "@/server/testing/database";
import { staff } from "./schema";
import type { Db } from "./types";
import { isReadOnlyStatement, writeGeneration } from "./write-generation";

let db: Db;
withFreshDatabase((opened) => (db = opened));

describe("which statements count as writes", () => {
  it("one SELECT or one EXECUTE only reads", () => {
    expect(isReadOnlyStatement("select 1")).toBe(true);
    expect(isReadOnlyStatement("  SELECT id FROM staff WHERE id = $1;")).toBe(true);
    expect(isReadOnlyStatement("EXECUTE open_staff_session_0123('9f0c8a4e-4a51-4d1e-9b0a-0c1d2e3f4a5b')")).toBe(true);
  });

  it("anything else, and several statements at once, counts as a write", () => {
    for (const text of [
      "update staff set role = 'admin'",
      "insert into staff default values",
      "delete from staff_sessions",
      "with ended as (update staff_sessions set revoked_at = now() returning id) select * from ended",
      "select 1; update staff set role = 'admin'",
      "PREPARE x AS select 1",
      "-- a comment\nselect 1",
      "selectx",
    ]) {
      expect(isReadOnlyStatement(text), text).toBe(false);
    }
  });
});

describe.skipIf(againstPostgres())("the write count of the in-process database", () => {
  it("stays put across reads and moves with every kind of write", async () => {
    const client = (db as unknown as { $client: { exec: (text: string) => Promise<unknown>; query: (text: string) => Promise<unknown> } })
      .$client;
    const count = () => writeGeneration(db)!;
    expect(typeof count()).toBe("number");

    let before = count();
    await db.select().from(staff);
    await db.execute(sql`select count(*) from staff_sessions`);
    await client.query("select 1");
    expect(count()).toBe(before);

    const writes: [string, () => Promise<unknown>][] = [
      ["insert", () => db.insert(staff).values({ email: "write.count@example.com", name: "Write Count", role: "ops", passwordHash: "x" })],
      ["update", () => db.update(staff).set({ name: "Renamed" }).where(eq(staff.email, "write.count@example.com"))],
      ["raw exec", () => client.exec("update staff set name = 'Raw' where email = 'write.count@example.com'")],
      ["raw query", () => client.query("delete from staff where email = 'nobody@example.com'")],
      ["transaction that only reads", () => db.transaction(async (tx) => tx.select().from(staff))],
      ["failed write", () => db.execute(sql`update no_such_table set x = 1`).catch(() => undefined)],
    ];
    for (const [name, write] of writes) {
      before = count();
      await write();
      expect(count(), name).toBeGreaterThan(before);
    }
  });

  it("moves while a write is under way, not only once it is done", async () => {
    const before = writeGeneration(db)!;
    const client = (db as unknown as { $client: { exec: (text: string) => Promise<unknown> } }).$client;
    const writing = client.exec("update staff set name = name");
    expect(writeGeneration(db)).toBeGreaterThan(before);
    await writing;
  });
});

describe.runIf(againstPostgres())("on PostgreSQL", () => {
  it("no count is kept: other instances write to the same server", () => {
    expect(writeGeneration(db)).toBeNull();
  });
});
