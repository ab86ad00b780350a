import "server-only";
import { createHash, randomInt } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { staffRecoveryCodes } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

export const RECOVERY_CODE_COUNT = 10;
// Crockford-style alphabet without look-alikes; 30¹⁰ ≈ 2⁴⁹ codes, so a
// plain SHA-256 is enough (no dictionary to try) and checking one costs nothing under load.
const ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789";
export const RECOVERY_CODE = /^[A-Z2-9]{5}-?[A-Z2-9]{5}$/;

function oneCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

/** Upper-case, dashes and spaces removed: what staff type is compared as the code was shown. */
export function normaliseRecoveryCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, "");
}

function hashCode(code: string): string {
  return createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");
}

/** Replaces a member's recovery codes with 10 new ones and returns them: the only time they exist in clear. */
export async function issueRecoveryCodes(db: Db, staffId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(oneCode());
  const list = [...codes];
  await db.transaction(async (tx) => {
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    await tx.insert(staffRecoveryCodes).values(list.map((code) => ({ staffId, codeHash: hashCode(code) })));
  });
  return list;
}

/** Marks a code used in one statement: two requests with the same code cannot both succeed. */
export async function consumeRecoveryCode(db: Db, staffId: string, input: string): Promise<boolean> {
  if (!RECOVERY_CODE.test(input.toUpperCase().replace(/\s/g, ""))) return false;
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, hashCode(input)), isNull(staffRecoveryCodes.usedAt)),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used.length === 1;
}

export async function remainingRecoveryCodes(db: Db, staffId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function deleteRecoveryCodes(db: Db, staffId: string): Promise<void> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
}
