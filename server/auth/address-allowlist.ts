import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Allowlist } from "@/lib/contracts/security";
import { GUARD_ERRORS } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import * as securityContracts from "@/lib/contracts/security";
import { addressInRanges } from "@/lib/security/cidr";
import { changeSetting } from "@/server/audit/setting-change";
import { addressAllowlist } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { clientAddress } from "./client-address";
import type { StaffMember } from "./staff-repo";

/**
 * How long an instance keeps the list it read. Every request is checked, so reading one row each
 * time would double the queries of a cheap GET; a change made on another instance applies there
 * within this long (docs/security.md).
 */
export const ALLOWLIST_CACHE_MS = 5_000;

export const ADDRESS_NOT_ALLOWED = "This back-office cannot be used from your network address. Ask an administrator.";

type Stored = { ranges: string[]; updatedAt: Date | null; updatedBy: string | null };
// Keyed by database handle: each test database, and each process's one database, has its own list.
const cache = new WeakMap<Db, { at: number; stored: Stored }>();

async function readStored(db: Db, nowMs = Date.now()): Promise<Stored> {
  const hit = cache.get(db);
  if (hit && nowMs - hit.at < ALLOWLIST_CACHE_MS) return hit.stored;
  const [row] = await db.select().from(addressAllowlist).where(eq(addressAllowlist.id, 1)).limit(1);
  const stored = row
    ? { ranges: row.ranges, updatedAt: row.updatedAt, updatedBy: row.updatedByName }
    : { ranges: [], updatedAt: null, updatedBy: null };
  cache.set(db, { at: nowMs, stored });
  return stored;
}

/** Whether the address may use the back-office: any address while the list is empty. */
export async function addressAllowed(db: Db, address: string): Promise<boolean> {
  const { ranges } = await readStored(db);
  return ranges.length === 0 || addressInRanges(address, ranges);
}

/**
 * The check of every API request (route()): 403 `address_not_allowed` for an address outside the
 * list. The answer names neither the list nor the address.
 */
export async function assertAddressAllowed({ db, headers }: { db: Db; headers: Headers }): Promise<void> {
  if (await addressAllowed(db, clientAddress(headers))) return;
  throw fail(GUARD_ERRORS, "address_not_allowed", ADDRESS_NOT_ALLOWED);
}

export async function readAllowlist({ db, headers }: { db: Db; headers: Headers }): Promise<Allowlist> {
  cache.delete(db);
  const stored = await readStored(db);
  return {
    ranges: stored.ranges,
    your_address: clientAddress(headers),
    updated_at: stored.updatedAt?.toISOString() ?? null,
    updated_by: stored.updatedBy,
  };
}

/**
 * Replaces the list (ranges already checked and canonical). A non-empty list must contain the
 * address of the administrator sending it, or the change would shut them out with everyone else:
 * 409 `allowlist_would_lock_out`. The old and new lists are audited together with the change.
 */
export async function saveAllowlist({
  db,
  actor,
  input,
  requestId,
  headers,
}: {
  db: Db;
  actor: StaffMember;
  input: { ranges: string[] };
  requestId: string;
  headers: Headers;
}): Promise<Allowlist> {
  const address = clientAddress(headers);
  if (input.ranges.length > 0 && !addressInRanges(address, input.ranges)) {
    throw fail(
      securityContracts.setAllowlist,
      "allowlist_would_lock_out",
      `Your own address (${address}) is not in the list: saving it would lock you out. Add a range that contains it.`,
      { field: "ranges" },
    );
  }
  await changeSetting(db, {
    read: async (tx) => {
      const [row] = await tx.select({ ranges: addressAllowlist.ranges }).from(addressAllowlist).where(eq(addressAllowlist.id, 1));
      return row?.ranges ?? [];
    },
    write: async (tx) => {
      await tx
        .insert(addressAllowlist)
        .values({ id: 1, ranges: input.ranges, updatedBy: actor.id, updatedByName: actor.name })
        .onConflictDoUpdate({
          target: addressAllowlist.id,
          set: { ranges: input.ranges, updatedAt: sql`now()`, updatedBy: actor.id, updatedByName: actor.name },
        });
    },
    audit: (before) => ({
      actor,
      action: "allowlist.update",
      target: "settings:allowlist",
      outcome: "success",
      requestId,
      detail: { before, after: input.ranges },
    }),
  });
  return readAllowlist({ db, headers });
}
