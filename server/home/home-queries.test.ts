import { describe, expect, it } from "vitest";
import { writeAudit } from "@/server/audit/writer";
import { saveStatus } from "@/server/customers/verification-store";
import { rows } from "@/server/db/migrate";
import { cardIssuances, cardVerificationState, recentObjects, staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { eq, sql } from "drizzle-orm";
import { collectionSchema, transactionSchema } from "@/lib/schemas";
import { recentBvnLookups } from "./compliance-home";
import { openedCollections, reportedTransactions } from "./finance-home";
import { findCustomers, workQueue } from "./ops-queue";
import { findIssuedCards } from "./issued-card-search";
import { findOpenedCards } from "./opened-card-search";
import { recordSeen } from "@/server/finance/seen-objects";

let db: Db;
withFreshDatabase((handle) => (db = handle));

const at = (iso: string) => new Date(iso);

async function state(
  customerId: string,
  status: "PENDING" | "APPROVED" | "REJECTED" | "RECONCILIATION_REQUIRED" | "NOT_SUBMITTED",
  changedAt: string,
  checkedAt?: string,
) {
  await saveStatus({ db, customerId, update: { status, canCreateCard: status === "APPROVED", source: "check" } });
  await db
    .update(cardVerificationState)
    .set({ statusUpdatedAt: at(changedAt), checkedAt: checkedAt ? at(checkedAt) : null })
    .where(eq(cardVerificationState.customerId, customerId));
}

describe("ops work queue", () => {
  it("holds pending, reconciliation, rejected and approved-without-card, oldest first", async () => {
    await state("cus_q_pending", "PENDING", "2026-11-20T10:00:00Z", "2026-11-23T10:00:00Z");
    await state("cus_q_recon", "RECONCILIATION_REQUIRED", "2026-11-18T10:00:00Z");
    await state("cus_q_rejected", "REJECTED", "2026-11-21T10:00:00Z");
    await state("cus_q_approved", "APPROVED", "2026-11-19T10:00:00Z");
    await state("cus_q_carded", "APPROVED", "2026-11-17T10:00:00Z");
    await state("cus_q_new", "NOT_SUBMITTED", "2026-11-16T10:00:00Z");
    await db.insert(cardIssuances).values({
      customerId: "cus_q_carded",
      outcome: "issued",
      cardId: "card_1",
      cardLast4: "1234",
      staffEmail: "ops@example.com",
      staffName: "Ops",
      requestId: "r",
      idempotencyKey: "k",
    });

    const queue = await workQueue({ db, now: at("2026-11-23T10:00:30Z") });
    expect(queue.map((q) => q.customerId)).toEqual(["cus_q_recon", "cus_q_approved", "cus_q_pending", "cus_q_rejected"]);
    expect(queue.find((q) => q.customerId === "cus_q_approved")?.reason).toBe("APPROVED_NO_CARD");
  });

  it("gives the next possible check one minute after the last", async () => {
    const queue = await workQueue({ db, now: at("2026-11-23T10:00:30Z") });
    const pending = queue.find((q) => q.customerId === "cus_q_pending")!;
    expect(pending.lastCheckAt).toBe("2026-11-23T10:00:00.000Z");
    expect(pending.nextCheckAt).toBe("2026-11-23T10:01:00.000Z");
    const never = queue.find((q) => q.customerId === "cus_q_recon")!;
    expect(never.lastCheckAt).toBeNull();
    expect(never.nextCheckAt).toBe("2026-11-23T10:00:30.000Z");
  });

  it("reads now from the database's clock, not from an instance whose clock is off", async () => {
    const { withAppClockSkew } = await import("@/server/testing/app-clock-skew");
    const queue = await withAppClockSkew(10 * 60_000, () => workQueue({ db }));
    const never = queue.find((q) => q.customerId === "cus_q_recon")!;
    expect(Math.abs(Date.parse(never.nextCheckAt!) - Date.now())).toBeLessThan(60_000);
  });
});

describe("compliance lookups", () => {
  it("shows own and team lookups with the BVN masked to its last four digits", async () => {
    const me = { id: "00000000-0000-4000-8000-00000000000a", email: "me@example.com", role: "compliance" as const };
    const colleague = { id: "00000000-0000-4000-8000-00000000000b", email: "them@example.com", role: "compliance" as const };
    await writeAudit({
      db,
      actor: me,
      action: "bvn.lookup",
      target: "bvn:•••••••8901",
      outcome: "success",
      requestId: "r1",
      detail: { bvnLast4: "8901", bvnHash: "h1" },
    });
    await writeAudit({
      db,
      actor: colleague,
      action: "bvn.lookup",
      target: "bvn:•••••••2345",
      outcome: "failure",
      requestId: "r2",
      detail: { bvnLast4: "2345", bvnHash: "h2" },
    });

    const lookups = await recentBvnLookups({ db, staffId: me.id });
    expect(lookups).toEqual([
      expect.objectContaining({ staffEmail: "them@example.com", own: false, maskedBvn: "•••••••2345", outcome: "failure" }),
      expect.objectContaining({ staffEmail: "me@example.com", own: true, maskedBvn: "•••••••8901", outcome: "success" }),
    ]);
    expect(JSON.stringify(lookups)).not.toMatch(/\d{5,}/);
  });

  it("shows a lookup whose entry kept no last four digits as missing, as every masked value is", async () => {
    const me = { id: "00000000-0000-4000-8000-00000000000c", email: "nodigits@example.com", role: "compliance" as const };
    await writeAudit({ db, actor: me, action: "bvn.lookup", target: "bvn:unknown", outcome: "denied", requestId: "r3", detail: {} });
    const [latest] = await recentBvnLookups({ db, staffId: me.id, limit: 1 });
    expect(latest).toMatchObject({ staffEmail: "nodigits@example.com", maskedBvn: "—", outcome: "denied" });
  });
});

describe("finance home", () => {
  it("lists opened collections with the last balance read, and only reported transactions", async () => {
    await recordSeen({
      seen: { kind: "collection", object: collectionSchema.parse({ id: "col_a", account_number: "111", balance: 10, currency: "USD" }) },
      db,
      seenAt: at("2026-11-23T09:00:00Z"),
    });
    await recordSeen({
      seen: { kind: "collection", object: collectionSchema.parse({ id: "col_a", account_number: "111", balance: 25.5, currency: "USD" }) },
      db,
      seenAt: at("2026-11-23T09:05:00Z"),
    });
    await recordSeen({
      seen: { kind: "transaction", object: transactionSchema.parse({ id: "txn_flagged", report: true, amount: 5 }) },
      db,
    });
    await recordSeen({ seen: { kind: "transaction", object: transactionSchema.parse({ id: "txn_plain", report: false, amount: 5 }) }, db });

    expect(await openedCollections(db)).toEqual([
      expect.objectContaining({ id: "col_a", amount: 25.5, currency: "USD", accountNumber: "111" }),
    ]);
    expect((await reportedTransactions(db)).map((t) => t.id)).toEqual(["txn_flagged"]);
  });
});

describe("admin: staff without two-factor", () => {
  it("lists active members without an enrolled authenticator, those the requirement covers first", async () => {
    const { hashPassword } = await import("@/server/auth/password");
    const { staff, staffTotp } = await import("@/server/db/schema");
    const { writeSecondFactorPolicy } = await import("@/server/auth/second-factor-policy");
    const { staffWithoutSecondFactor } = await import("./admin-home");
    const passwordHash = await hashPassword("a-long-enough-password-1");
    const rows = await db
      .insert(staff)
      .values([
        { email: "aa.finance@example.com", name: "Finance", role: "finance", passwordHash },
        { email: "bb.ops@example.com", name: "Ops", role: "ops", passwordHash },
        { email: "cc.enrolled@example.com", name: "Enrolled", role: "ops", passwordHash },
        { email: "dd.pending@example.com", name: "Started", role: "ops", passwordHash },
        { email: "ee.gone@example.com", name: "Gone", role: "ops", passwordHash, status: "disabled" },
      ])
      .returning({ id: staff.id, email: staff.email });
    const idOf = (email: string) => rows.find((r) => r.email === email)!.id;
    await db.insert(staffTotp).values([
      { staffId: idOf("cc.enrolled@example.com"), secretBox: "x", enrolledAt: new Date() },
      // An enrolment started but never confirmed is no second factor.
      { staffId: idOf("dd.pending@example.com"), secretBox: "x" },
    ]);
    await writeSecondFactorPolicy(db, { requireAll: false, roles: ["ops"] }, idOf("aa.finance@example.com"));

    const listed = await staffWithoutSecondFactor(db, 50);
    const emails = listed.map((m) => m.email);
    expect(emails).not.toContain("cc.enrolled@example.com");
    expect(emails).not.toContain("ee.gone@example.com");
    expect(emails.indexOf("bb.ops@example.com")).toBeLessThan(emails.indexOf("aa.finance@example.com"));
    expect(listed.find((m) => m.email === "dd.pending@example.com")?.required).toBe(true);
    expect(listed.find((m) => m.email === "aa.finance@example.com")?.required).toBe(false);
  });
});

describe("search typed as shown: case folded by the database on both sides", () => {
  // JavaScript lower-cases a word-final "Σ" to "ς" and "İ" to "i̇"; the database's lower() gives "σ" and "i".
  it.each([
    ["a word-final Greek capital sigma", "card_ΟΔΟΣ_1", "card_ΟΔΟΣ"],
    ["a dotted capital I", "card_İZMİR_1", "card_İZMİR"],
  ])("finds cards issued or opened here, and confirmed customers, by an id with %s", async (_letter, id, typed) => {
    const customerId = id.replace("card_", "cus_");
    await db.insert(cardIssuances).values({
      customerId,
      outcome: "issued",
      cardId: id,
      cardLast4: "4321",
      staffEmail: "ops@example.com",
      staffName: "Ops",
      requestId: `r-${id}`,
      idempotencyKey: `k-${id}`,
    });
    const opened = `${id}_opened`;
    const [member] = await db
      .insert(staff)
      .values({ email: `opener.${customerId}@example.com`.toLowerCase(), name: "Opener", role: "finance", passwordHash: "x" })
      .returning();
    await db.insert(recentObjects).values({ staffId: member!.id, kind: "card", objectId: opened });
    await saveStatus({ db, customerId, update: { status: "PENDING", canCreateCard: false, source: "check" } });

    expect((await findIssuedCards({ db, q: typed })).map((c) => c.cardId)).toEqual([id]);
    expect(await findOpenedCards({ db, q: typed })).toEqual([opened]);
    expect((await findCustomers({ db, q: typed.replace("card_", "cus_") })).map((c) => c.customerId)).toEqual([customerId]);
    // Typed in lower case as the database folds it, too.
    const [folded] = rows<{ l: string }>(await db.execute(sql`SELECT lower(${typed}) AS l`));
    expect(folded!.l).not.toBe(typed.toLowerCase());
    expect((await findIssuedCards({ db, q: folded!.l })).map((c) => c.cardId)).toEqual([id]);
  });
});
