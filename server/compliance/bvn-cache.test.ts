import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BvnRecord } from "@/lib/schemas/bvn";
import { bvnReveals } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
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
    const now = Date.now();
    const { lookupId, expiresAt } = await rememberLookup(db, { staffId: OWNER, record, purpose: "case KYC-9" }, { now, secret: SECRET });
    expect(expiresAt.getTime()).toBe(now + REVEAL_TTL_MS);
    // Nothing of the record is readable in the row.
    const [row] = await db.select().from(bvnReveals).where(eq(bvnReveals.lookupId, lookupId));
    expect(row!.sealed).not.toMatch(/22222222222|Ngozi|Okafor|ngozi|1988|KYC-9/);
    // Any instance with the same secret reads it (the store keeps no process state between these calls).
    const recalled = await recallLookup(db, lookupId, OWNER, { now: now + 1_000, secret: SECRET });
    expect(recalled).toMatchObject({ record, purpose: "case KYC-9" });
    expect(await recallLookup(db, lookupId, OTHER, { now: now + 1_000, secret: SECRET })).toBeNull();
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
    const start = Date.now();
    const read = await rememberLookup(db, { staffId: OWNER, record, purpose: "case" }, { now: start, secret: SECRET });
    const pruned = await rememberLookup(db, { staffId: OWNER, record, purpose: "case" }, { now: start, secret: SECRET });
    expect(await recallLookup(db, read.lookupId, OWNER, { now: start + REVEAL_TTL_MS - 1, secret: SECRET })).not.toBeNull();
    expect(await recallLookup(db, read.lookupId, OWNER, { now: start + REVEAL_TTL_MS, secret: SECRET })).toBeNull();
    const ids = async () => (await db.select({ id: bvnReveals.lookupId }).from(bvnReveals)).map((r) => r.id);
    expect(await ids()).not.toContain(read.lookupId);
    expect(await ids()).toContain(pruned.lookupId);
    await rememberLookup(db, { staffId: OTHER, record, purpose: "later" }, { now: start + REVEAL_TTL_MS + 1, secret: SECRET });
    expect(await ids()).not.toContain(pruned.lookupId);
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
