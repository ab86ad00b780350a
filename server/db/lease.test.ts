import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/types";
import { withAppClockSkew } from "@/server/testing/app-clock-skew";
import { withFreshDatabase } from "@/server/testing/database";
import { databaseNow } from "./clock";
import { defineLease, endsIn, releaseLease, releasedWith, takeLease } from "./lease";

// Tables of the test's own, so the module is judged apart from any feature's rows.
const claims = pgTable("lease_test_claims", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  until: timestamp("until", { withTimezone: true }).notNull(),
  note: text("note"),
});
const states = pgTable("lease_test_states", {
  name: text("name").primaryKey(),
  holder: text("holder"),
  until: timestamp("until", { withTimezone: true }),
  count: integer("count").notNull().default(0),
});

const own = defineLease(claims, { key: ["name"], holder: "holder", until: "until", row: "own" });
const shared = defineLease(states, { key: ["name"], holder: "holder", until: "until", row: "shared" });

const MINUTE = 60_000;
const NAME = "thing";
const at = eq(claims.name, NAME);
const atState = eq(states.name, NAME);

let db: Db;
withFreshDatabase((opened) => (db = opened));

beforeAll(async () => {
  await db.execute(
    sql`CREATE TABLE lease_test_claims (name text PRIMARY KEY, holder text NOT NULL, until timestamptz NOT NULL, note text)`,
  );
  await db.execute(
    sql`CREATE TABLE lease_test_states (name text PRIMARY KEY, holder text, until timestamptz, count integer NOT NULL DEFAULT 0)`,
  );
});

beforeEach(async () => {
  await db.execute(sql`DELETE FROM lease_test_claims`);
  await db.execute(sql`DELETE FROM lease_test_states`);
});

const take = (token: string, ms = MINUTE) => takeLease(db, own, { values: { name: NAME }, token, ms });
const holderNow = async () => (await db.select().from(claims).where(at))[0]?.holder;
/** Moves the lease's end `ms` from the database's now (negative: into the past). */
const endIn = (ms: number) => db.update(claims).set({ until: sql`now() + ${String(ms)}::bigint * interval '1 millisecond'` });

describe("taking a lease", () => {
  it("gives it to the first taker, until its length from the database's now", async () => {
    const before = await databaseNow(db);
    expect(await take("a")).toBe(true);
    const after = await databaseNow(db);
    const [row] = await db.select().from(claims).where(at);
    expect(row?.holder).toBe("a");
    expect(row!.until.getTime()).toBeGreaterThanOrEqual(before.getTime() + MINUTE);
    expect(row!.until.getTime()).toBeLessThanOrEqual(after.getTime() + MINUTE + 1);
  });

  it("refuses a second taker while it lasts, the holder included", async () => {
    expect(await take("a")).toBe(true);
    expect(await take("b")).toBe(false);
    expect(await take("a")).toBe(false);
    expect(await holderNow()).toBe("a");
  });

  it("goes to exactly one of twenty concurrent takers", async () => {
    const won = await Promise.all(Array.from({ length: 20 }, (_, i) => take(`t${i}`)));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await holderNow()).toBe(`t${won.indexOf(true)}`);
  });

  it("passes to the next taker once it has ended, and at its end exactly", async () => {
    await take("a");
    await endIn(-1);
    expect(await take("b")).toBe(true);
    expect(await holderNow()).toBe("b");
    // In one transaction now() does not move: a lease ending at that now() is over.
    const atTheEnd = await db.transaction(async (tx) => {
      await tx.update(claims).set({ until: sql`now()` });
      return takeLease(tx, own, { values: { name: NAME }, token: "c", ms: MINUTE });
    });
    expect(atTheEnd).toBe(true);
  });

  it("ends on the database's clock, whatever the taker's own clock says", async () => {
    // Taken by an instance whose clock runs behind, it still lasts its whole length...
    expect(await withAppClockSkew(-10 * MINUTE, () => take("behind"))).toBe(true);
    expect(await take("next")).toBe(false);
    // ...and one whose clock runs ahead does not see it as ended.
    expect(await withAppClockSkew(10 * MINUTE, () => take("ahead"))).toBe(false);
    expect(await holderNow()).toBe("behind");
    // A short lease ends by itself as the database's time passes.
    await endIn(-1);
    expect(await take("short", 50)).toBe(true);
    expect(await take("next")).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await take("next")).toBe(true);
  });

  it("gives a row taken over the taker's values", async () => {
    await takeLease(db, own, { values: { name: NAME, note: "first" }, token: "a", ms: MINUTE });
    await endIn(-1);
    await takeLease(db, own, { values: { name: NAME, note: "second" }, token: "b", ms: MINUTE });
    expect((await db.select().from(claims).where(at))[0]).toMatchObject({ holder: "b", note: "second" });
  });

  it("never takes over an ended lease with `never`, and only on the caller's own rule with `when`", async () => {
    await take("a");
    await endIn(-1);
    expect(await takeLease(db, own, { values: { name: NAME }, token: "b", ms: MINUTE, replace: "never" })).toBe(false);
    expect(await takeLease(db, own, { values: { name: NAME }, token: "b", ms: MINUTE, replace: { when: sql`false` } })).toBe(false);
    expect(await holderNow()).toBe("a");
    await endIn(MINUTE);
    expect(await takeLease(db, own, { values: { name: NAME }, token: "b", ms: MINUTE, replace: { when: sql`true` } })).toBe(true);
    expect(await holderNow()).toBe("b");
  });

  it("with `and`, takes over an ended lease only when the caller's condition holds too", async () => {
    await take("a");
    await endIn(-1);
    expect(await takeLease(db, own, { values: { name: NAME }, token: "b", ms: MINUTE, replace: { and: sql`false` } })).toBe(false);
    expect(await takeLease(db, own, { values: { name: NAME }, token: "b", ms: MINUTE, replace: { and: sql`true` } })).toBe(true);
    expect(await takeLease(db, own, { values: { name: NAME }, token: "c", ms: MINUTE, replace: { and: sql`true` } })).toBe(false);
  });

  it("lasts a whole number of milliseconds", () => {
    expect(() => endsIn(1.5)).toThrow(RangeError);
    expect(() => endsIn(-1)).toThrow(RangeError);
    expect(() => endsIn(0)).not.toThrow();
  });
});

describe("releasing a lease", () => {
  it("frees it for the next taker when its holder gives it back", async () => {
    await take("a");
    expect(await releaseLease(db, own, { where: at, token: "a" })).toBe(true);
    expect(await holderNow()).toBeUndefined();
    expect(await take("b")).toBe(true);
  });

  it("has no effect from anyone but the holder", async () => {
    await take("a");
    expect(await releaseLease(db, own, { where: at, token: "b" })).toBe(false);
    expect(await holderNow()).toBe("a");
    expect(await take("b")).toBe(false);
  });

  it("leaves alone a lease another request took after the caller's had ended", async () => {
    await take("a");
    await endIn(-1);
    await take("b");
    expect(await releaseLease(db, own, { where: at, token: "a" })).toBe(false);
    expect(await holderNow()).toBe("b");
  });

  it("frees the holder's own ended lease that no one took, and `also` narrows it", async () => {
    await take("a");
    await endIn(-1);
    expect(await releaseLease(db, own, { where: at, token: "a", also: own.live })).toBe(false);
    expect(await releaseLease(db, own, { where: at, token: "a", also: own.over })).toBe(true);
    expect(await holderNow()).toBeUndefined();
  });
});

describe("a lease in columns of a row that keeps other state", () => {
  const takeShared = (token: string) => takeLease(db, shared, { values: { name: NAME }, token, ms: MINUTE });
  const state = async () => (await db.select().from(states).where(atState))[0];

  it("is taken on an existing row without touching the rest of it, and cleared, not deleted, on release", async () => {
    await db.insert(states).values({ name: NAME, count: 7 });
    expect(await takeShared("a")).toBe(true);
    expect(await takeShared("b")).toBe(false);
    expect(await releaseLease(db, shared, { where: atState, token: "b" })).toBe(false);
    expect(await state()).toMatchObject({ holder: "a", count: 7 });
    expect(await releaseLease(db, shared, { where: atState, token: "a" })).toBe(true);
    expect(await state()).toMatchObject({ holder: null, until: null, count: 7 });
    expect(await takeShared("b")).toBe(true);
  });

  it("is released inside another write of the row only by its holder", async () => {
    await takeShared("a");
    const save = (token: string) =>
      db
        .update(states)
        .set({ count: sql`${states.count} + 1`, ...releasedWith(shared, token) })
        .where(atState);
    await save("b");
    expect(await state()).toMatchObject({ holder: "a", count: 1 });
    await save("a");
    expect(await state()).toMatchObject({ holder: null, until: null, count: 2 });
  });
});
