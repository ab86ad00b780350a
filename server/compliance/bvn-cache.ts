import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { bvnRecordSchema, type BvnRecord } from "@/lib/schemas/bvn";
import { authSecret } from "@/server/auth/secret";
import { bvnReveals } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

/** How long the full result of a lookup can be revealed without a second (billable) upstream call. */
export const REVEAL_TTL_MS = 10 * 60_000;

type Recalled = { record: BvnRecord; purpose: string; expiresAt: number };
type Options = { secret?: string };

const keys = new Map<string, Buffer>();

/**
 * A key of its own for the reveal copies, derived from AUTH_SECRET by HKDF (as the BVN hash key is):
 * every instance sharing the secret can read a copy another instance wrote, and the database alone
 * (a dump, a replica, a backup) never can.
 */
function revealKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "backoffice.bvn", "bvn-reveal-store-v1", 32));
    keys.set(secret, key);
  }
  return key;
}

// The lookup id and owner are bound into the tag (additional data): a ciphertext copied onto
// another row, or a row handed to another staff member, fails the check instead of decrypting.
const boundData = (lookupId: string, staffId: string) => Buffer.from(`${lookupId}\u0000${staffId}`, "utf8");

function seal(secret: string, lookupId: string, staffId: string, plain: { record: BvnRecord; purpose: string }): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", revealKey(secret), iv);
  cipher.setAAD(boundData(lookupId, staffId));
  const body = Buffer.concat([cipher.update(JSON.stringify(plain), "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

function open(secret: string, lookupId: string, staffId: string, sealed: string): { record: BvnRecord; purpose: string } | null {
  try {
    const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
    if (!iv || !tag || !body || iv.length !== 12 || tag.length !== 16) return null;
    const decipher = createDecipheriv("aes-256-gcm", revealKey(secret), iv, { authTagLength: 16 });
    decipher.setAAD(boundData(lookupId, staffId));
    decipher.setAuthTag(tag);
    const text = Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    const parsed = JSON.parse(text) as { record: unknown; purpose: unknown };
    const record = bvnRecordSchema.safeParse(parsed.record);
    if (!record.success || typeof parsed.purpose !== "string") return null;
    return { record: record.data, purpose: parsed.purpose };
  } catch {
    // A failed tag (tampered row, other secret) is an unreadable copy: the caller answers "expired",
    // and nothing about the row's content reaches a log.
    return null;
  }
}

// The copy's age is the database's, the one clock every instance shares: the writer's own clock
// would let an instance running behind make a copy "expired" before it is read, and one running
// ahead keep a full record revealable past its 10 minutes (and prune others' copies early).
const expiresFromNow = sql`now() + ${String(REVEAL_TTL_MS)}::bigint * interval '1 millisecond'`;
const expired = sql<boolean>`${bvnReveals.expiresAt} <= now()`;

/**
 * Keeps the full record for REVEAL_TTL_MS in PostgreSQL, encrypted and bound to the staff member
 * who looked it up, so a reveal works on whichever instance it lands. Expired copies are pruned on
 * every write; a read past the age deletes the copy it found. `expiresAt`: the database's.
 */
export async function rememberLookup(
  db: Db,
  input: { staffId: string; record: BvnRecord; purpose: string },
  options: Options = {},
): Promise<{ lookupId: string; expiresAt: Date }> {
  const secret = options.secret ?? authSecret();
  const lookupId = randomBytes(18).toString("base64url");
  await db.delete(bvnReveals).where(expired);
  const [row] = await db
    .insert(bvnReveals)
    .values({
      lookupId,
      staffId: input.staffId,
      sealed: seal(secret, lookupId, input.staffId, { record: input.record, purpose: input.purpose }),
      expiresAt: expiresFromNow,
    })
    .returning({ expiresAt: bvnReveals.expiresAt });
  return { lookupId, expiresAt: row!.expiresAt };
}

/** The stored lookup, or null when it expired, never existed, cannot be read, or belongs to someone else. */
export async function recallLookup(db: Db, lookupId: string, staffId: string, options: Options = {}): Promise<Recalled | null> {
  const [found] = await db.select({ row: bvnReveals, expired }).from(bvnReveals).where(eq(bvnReveals.lookupId, lookupId)).limit(1);
  if (!found) return null;
  const { row } = found;
  if (found.expired) {
    await db.delete(bvnReveals).where(and(eq(bvnReveals.lookupId, lookupId), expired));
    return null;
  }
  if (row.staffId !== staffId) return null;
  const opened = open(options.secret ?? authSecret(), row.lookupId, row.staffId, row.sealed);
  if (!opened) return null;
  return { ...opened, expiresAt: row.expiresAt.getTime() };
}
