import { and, eq, gt, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { withFreshDatabase } from "@/server/testing/database";
import { plannedOnce } from "./planned-once";
import { staff, staffSessions } from "./schema";
import type { Db } from "./types";

let db: Db;
withFreshDatabase((opened) => (db = opened));

const build = (d: Db) =>
  d
    .select({ session: staffSessions, staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, sql.placeholder("id")), gt(staffSessions.lastSeenAt, sql`now() - make_interval(secs => ${3600})`)))
    .limit(1);
const query = plannedOnce("planned_once_test", { session: staffSessions, staff }, build);

let sid: string;
let staffId: string;

beforeAll(async () => {
  const [member] = await db
    .insert(staff)
    .values({
      email: "planned.once@example.com",
      name: "Planned Once",
      role: "finance",
      passwordHash: "x",
      sessionsValidAfter: new Date("2026-01-02T03:04:05.678Z"),
    })
    .returning();
  staffId = member!.id;
  const [session] = await db.insert(staffSessions).values({ staffId, userAgent: "vitest", address: "127.0.0.1" }).returning();
  sid = session!.id;
});

describe("a select planned once", () => {
  it("answers what Drizzle's own query answers: every column, times as Dates, nulls as null", async () => {
    const ours = await query(db, { id: sid });
    const drizzles = await build(db).execute({ id: sid } as never);
    expect(ours).toHaveLength(1);
    expect(ours).toEqual(drizzles);
    expect(ours[0]!.staff.sessionsValidAfter).toEqual(new Date("2026-01-02T03:04:05.678Z"));
    expect(ours[0]!.session.revokedAt).toBeNull();
  });

  it("sees every change at the next run, as a fresh read would", async () => {
    await db.update(staff).set({ role: "admin", status: "disabled" }).where(eq(staff.id, staffId));
    expect((await query(db, { id: sid }))[0]!.staff).toMatchObject({ role: "admin", status: "disabled" });
    await db
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(staffSessions.id, sid));
    expect(await query(db, { id: sid })).toEqual([]);
  });

  it("works from a second copy of the module on the same database (Next.js loads one per bundle)", async () => {
    const copy = plannedOnce("planned_once_test", { session: staffSessions, staff }, build);
    expect(await copy(db, { id: sid })).toEqual(await query(db, { id: sid }));
  });

  it("answers a computed boolean beside the tables as Drizzle does, false as false", async () => {
    await db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now() - interval '10 minutes'` })
      .where(eq(staffSessions.id, sid));
    const seenWithin = (name: string, seconds: number) => {
      const recent = sql<boolean>`${staffSessions.lastSeenAt} > now() - make_interval(secs => ${seconds})`;
      const build = (d: Db) =>
        d
          .select({ session: staffSessions, recent })
          .from(staffSessions)
          .where(eq(staffSessions.id, sql.placeholder("id")))
          .limit(1);
      return { run: plannedOnce(name, { session: staffSessions, recent }, build), build };
    };
    for (const [query, expected] of [
      [seenWithin("planned_once_seen_within_hour", 3600), true],
      [seenWithin("planned_once_seen_within_minute", 60), false],
    ] as const) {
      const ours = await query.run(db, { id: sid });
      expect(ours[0]?.recent).toBe(expected);
      expect(ours).toEqual(await query.build(db).execute({ id: sid } as never));
    }
  });

  it("takes only numbers and UUIDs as parameters, so nothing else reaches the statement", async () => {
    await expect(query(db, { id: "x'); DROP TABLE staff; --" })).rejects.toThrow(/only numbers and UUIDs/);
    expect(await db.select().from(staff).where(eq(staff.id, staffId))).toHaveLength(1);
  });
});
