import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BvnRecord } from "@/lib/schemas/bvn";
import { bvnReveals } from "@/server/db/schema";
import { databaseNow } from "@/server/db/clock";
import type { Db } from "@/server/db/types";
import { withAppClockSkew } from "@/server/testing/app-clock-skew";
import { withFreshDatabase } from "@/server/testing/database";
import { REVEAL_TTL_MS, recallLookup, rememberLookup } from "./bvn-cache";

let db: Db;
withFreshDatabase((opened) => (db = opened));

const SECRET = "a-test-auth-secret-of-at-least-32-characters";
const OWNER = "00000000-0000-4000-8000-000000000011";
const OTHER = "00000000-0000-4000-8000-000000000012";
const record: BvnRecord = {
  bvn: "22222222222",
  first_name: "Ngozi",
  last_name: "Okafor",
  email: "ngozi.okafor@example.com",
  date_of_birth: "1988-04-02",
} as BvnRecord;

afterEach(() => vi.restoreAllMocks());

describe("BVN reveal store (PostgreSQL, sealed)", () => {
  it("gives the owner the record back from another instance's write, and no one else", async () => {
    const before = (await databaseNow(db)).getTime();
    const { lookupId, expiresAt } = await rememberLookup(db, { staffId: OWNER, record, purpose: "case KYC-9" }, { secret: SECRET });
    expect(expiresAt.getTime()).toBeGreaterThanOrEqual(before + REVEAL_TTL_MS - 1);
    expect(expiresAt.getTime()).toBeLessThanOrEqual((await databaseNow(db)).getTime() + REVEAL_TTL_MS + 1);
    // Nothing of the record is readable in the row.
    const [row] = await db.select().from(bvnReveals).where(eq(bvnReveals.lookupId, lookupId));
    expect(row!.sealed).not.toMatch(/22222222222|Ngozi|Okafor|ngozi|1988|KYC-9/);
    // Any instance with the same secret reads it (the store keeps no process state between these calls).
    const recalled = await recallLookup(db, lookupId, OWNER, { secret: SECRET });
    expect(recalled).toMatchObject({ record, purpose: "case KYC-9" });
    expect(await recallLookup(db, lookupId, OTHER, { secret: SECRET })).toBeNull();
  });

  it("seals each record with its own IV", async () => {
    const a = await rememberLookup(db, { staffId: OWNER, record, purpose: "p" }, { secret: SECRET });
    const b = await rememberLookup(db, { staffId: OWNER, record, purpose: "p" }, { secret: SECRET });
    const rows = await db.select().from(bvnReveals);
    const sealedOf = (id: string) => rows.find((r) => r.lookupId === id)!.sealed;
    expect(sealedOf(a.lookupId).split(".")[0]).not.toBe(sealedOf(b.lookupId).split(".")[0]);
  });

  it("refuses a tampered copy, and a copy moved onto another owner's row", async () => {
    const { lookupId } = await rememberLookup(db, { staffId: OWNER, record, purpose: "case" }, { secret: SECRET });
    const [row] = await db.select().from(bvnReveals).where(eq(bvnReveals.lookupId, lookupId));
    const [iv, tag, body] = row!.sealed.split(".");
    const bytes = Buffer.from(body!, "base64url");
    bytes[0] = bytes[0]! ^ 1;
    await db
      .update(bvnReveals)
      .set({ sealed: [iv, tag, bytes.toString("base64url")].join(".") })
      .where(eq(bvnReveals.lookupId, lookupId));
    expect(await recallLookup(db, lookupId, OWNER, { secret: SECRET })).toBeNull();

    const second = await rememberLookup(db, { staffId: OWNER, record, purpose: "case" }, { secret: SECRET });
    await db.update(bvnReveals).set({ staffId: OTHER }).where(eq(bvnReveals.lookupId, second.lookupId));
    expect(await recallLookup(db, second.lookupId, OTHER, { secret: SECRET })).toBeNull();
  });

  it("cannot be read with another AUTH_SECRET", async () => {
    const { lookupId } = await rememberLookup(db, { staffId: OWNER, record, purpose: "case" }, { secret: SECRET });
    expect(await recallLookup(db, lookupId, OWNER, { secret: "another-auth-secret-of-at-least-32-chars!!" })).toBeNull();
    expect(await recallLookup(db, lookupId, OWNER, { secret: SECRET })).not.toBeNull();
  });

  it("is gone once 10 minutes old: deleted on read, and pruned by the next write", async () => {
    const read = await rememberLookup(db, { staffId: OWNER, record, purpose: "case" }, { secret: SECRET });
    const pruned = await rememberLookup(db, { staffId: OWNER, record, purpose: "case" }, { secret: SECRET });
    // Time passes on the database's clock: both copies are `ms` older.
    const olderBy = (ms: number) =>
      db.update(bvnReveals).set({ expiresAt: sql`${bvnReveals.expiresAt} - ${String(ms)}::bigint * interval '1 millisecond'` });
    await olderBy(REVEAL_TTL_MS - 60_000);
    expect(await recallLookup(db, read.lookupId, OWNER, { secret: SECRET })).not.toBeNull();
    await olderBy(60_000);
    expect(await recallLookup(db, read.lookupId, OWNER, { secret: SECRET })).toBeNull();
    const ids = async () => (await db.select({ id: bvnReveals.lookupId }).from(bvnReveals)).map((r) => r.id);
    expect(await ids()).not.toContain(read.lookupId);
    expect(await ids()).toContain(pruned.lookupId);
    const later = await rememberLookup(db, { staffId: OTHER, record, purpose: "later" }, { secret: SECRET });
    expect(await ids()).not.toContain(pruned.lookupId);
    expect(await ids()).toContain(later.lookupId);
  });

  it("writes nothing to the logs, even for a copy it cannot read", async () => {
    const written: string[] = [];
    const capture = (chunk: unknown) => {
      written.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stdout, "write").mockImplementation(capture as typeof process.stdout.write);
    vi.spyOn(process.stderr, "write").mockImplementation(capture as typeof process.stderr.write);
    for (const level of ["log", "info", "warn", "error", "debug"] as const)
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void written.push(args.map(String).join(" ")));
    const { lookupId } = await rememberLookup(db, { staffId: OWNER, record, purpose: "case KYC-9" }, { secret: SECRET });
    await recallLookup(db, lookupId, OWNER, { secret: SECRET });
    await recallLookup(db, lookupId, OWNER, { secret: "another-auth-secret-of-at-least-32-chars!!" });
    vi.restoreAllMocks();
    expect(written).toEqual([]);
  });
});

describe("BVN reveal store: the copy's 10 minutes are the database's", () => {
  const MINUTE = 60_000;
  const remember = (staffId = OWNER) => rememberLookup(db, { staffId, record, purpose: "case" }, { secret: SECRET });
  const recall = (lookupId: string) => recallLookup(db, lookupId, OWNER, { secret: SECRET });
  const stored = async (lookupId: string) => (await db.select().from(bvnReveals).where(eq(bvnReveals.lookupId, lookupId))).length === 1;
  /** `ms` pass on the database's clock for this copy: its times move back by that much. */
  const age = (lookupId: string, ms: number) =>
    db
      .update(bvnReveals)
      .set({
        expiresAt: sql`${bvnReveals.expiresAt} - ${String(ms)}::bigint * interval '1 millisecond'`,
        createdAt: sql`${bvnReveals.createdAt} - ${String(ms)}::bigint * interval '1 millisecond'`,
      })
      .where(eq(bvnReveals.lookupId, lookupId));

  it("a copy written by an instance an hour ahead is not revealable once the real 10 minutes have passed", async () => {
    const before = (await databaseNow(db)).getTime();
    const { lookupId, expiresAt } = await withAppClockSkew(60 * MINUTE, remember);
    const after = (await databaseNow(db)).getTime();
    // The answer's expiry is the database's, not the writer's hour-ahead one.
    expect(expiresAt.getTime()).toBeGreaterThanOrEqual(before + REVEAL_TTL_MS - 1);
    expect(expiresAt.getTime()).toBeLessThanOrEqual(after + REVEAL_TTL_MS + 1);
    expect(await recall(lookupId)).not.toBeNull();
    await age(lookupId, REVEAL_TTL_MS - MINUTE);
    expect(await withAppClockSkew(-60 * MINUTE, () => recall(lookupId))).not.toBeNull();
    await age(lookupId, MINUTE);
    // Whatever the revealing instance's clock says.
    expect(await withAppClockSkew(-60 * MINUTE, () => recall(lookupId))).toBeNull();
    expect(await recall(lookupId)).toBeNull();
    expect(await stored(lookupId)).toBe(false);
  });

  it("a copy written by an instance 11 minutes behind is revealable at once, on any instance", async () => {
    const { lookupId, expiresAt } = await withAppClockSkew(-11 * MINUTE, remember);
    expect(expiresAt.getTime()).toBeGreaterThan((await databaseNow(db)).getTime() + REVEAL_TTL_MS - MINUTE);
    expect(await recall(lookupId)).not.toBeNull();
    expect(await withAppClockSkew(11 * MINUTE, () => recall(lookupId))).not.toBeNull();
    expect(await withAppClockSkew(-11 * MINUTE, () => recall(lookupId))).not.toBeNull();
  });

  it("the prune on write deletes the copies past the database's 10 minutes, and only those, whatever the writer's clock", async () => {
    // Written an hour ahead, then 10 real minutes old: due for deletion by a writer whose clock is right.
    const due = (await withAppClockSkew(60 * MINUTE, remember)).lookupId;
    await age(due, REVEAL_TTL_MS);
    const fresh = (await remember()).lookupId;
    await withAppClockSkew(-11 * MINUTE, () => remember(OTHER));
    expect(await stored(due)).toBe(false);
    // A writer an hour ahead does not prune a copy with minutes left on the database's clock.
    await withAppClockSkew(60 * MINUTE, () => remember(OTHER));
    expect(await stored(fresh)).toBe(true);
    expect(await recall(fresh)).not.toBeNull();
  });
});
