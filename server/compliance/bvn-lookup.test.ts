import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { type AuditEntry, writeAudit } from "@/server/audit/writer";
import { auditLog, bvnReveals } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { fakeStaff } from "@/server/testing/staff";
import { upstream } from "@/server/upstream/client";
import { embeddedSimulator } from "@/server/upstream/embedded-simulator";
import { checkRecentLookups, lookupBvn, revealBvn } from "./bvn-lookup";

let db: Db;
withFreshDatabase((opened) => (db = opened));

const BVN = "22222222222";
/** As a route answers without a grant: the reveal's entry written as it is given. */
const auditAnswer = (entry: AuditEntry) => writeAudit({ db, ...entry });
const compliance = fakeStaff("compliance");
const other = { ...fakeStaff("admin"), id: "00000000-0000-4000-8000-000000000002" };

describe("BVN lookup service", () => {
  it("masks by default, reveals from the cached copy, and audits only last four + keyed hash", async () => {
    const result = await lookupBvn({
      db,
      actor: compliance,
      input: { number: BVN, purpose: "case KYC-17" },
      requestId: "req-1",
      api: upstream(),
      perHour: 5,
    });
    expect(result.record.bvn).toBe("•••••••2222");
    expect(result.record.email).not.toContain("ngozi.okafor");
    expect(result.record.date_of_birth).not.toContain("1988");
    expect(result.record.residential_address).not.toContain("Awolowo");
    expect(result.record.lga_of_Origin).toBe("Onitsha North");

    const revealed = await revealBvn({ db, actor: compliance, input: { id: result.lookupId }, requestId: "req-2", auditAnswer });
    expect(revealed.record.bvn).toBe(BVN);
    expect(revealed.record.email).toBe("ngozi.okafor@example.com");
    await expect(revealBvn({ db, actor: other, input: { id: result.lookupId }, requestId: "req-3", auditAnswer })).rejects.toMatchObject({
      status: 410,
    });

    const entries = await db.select().from(auditLog);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(BVN);
    expect(text).not.toContain("ngozi");
    expect(entries.map((e) => `${e.action}:${e.outcome}`)).toEqual([
      "bvn.lookup.requested:success",
      "bvn.lookup:success",
      "bvn.reveal:success",
      "bvn.reveal:failure",
    ]);
    // The request entry, written before the upstream call, carries the purpose; the completion names it.
    expect(entries[0]!.detail).toMatchObject({ purpose: "case KYC-17", bvnLast4: "2222" });
    expect(entries[1]!.detail).toMatchObject({
      reservation: (entries[0]!.detail as { reservation: string }).reservation,
      lookupId: result.lookupId,
    });
    expect(entries[2]!.detail).toMatchObject({ purpose: "case KYC-17", bvnLast4: "2222" });

    const recent = await checkRecentLookups({ db, input: { number: BVN } });
    expect(recent.lookups).toHaveLength(1);
    expect(recent.lookups[0]!.staffEmail).toBe("compliance@example.com");
    expect((await checkRecentLookups({ db, input: { number: "22233344455" } })).lookups).toHaveLength(0);
  });

  it("does not refuse a repeat, but stops at the hourly quota with a 429; not found is a clear 404", async () => {
    const notFound = await lookupBvn({
      db,
      actor: compliance,
      input: { number: "00000000000", purpose: "case 2" },
      requestId: "r",
      api: upstream(),
      perHour: 5,
    }).catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(AppError);
    expect(notFound).toMatchObject({ status: 404 });
    for (let i = 0; i < 3; i++)
      await lookupBvn({ db, actor: compliance, input: { number: BVN, purpose: "case 3" }, requestId: "r", api: upstream(), perHour: 5 });
    await expect(
      lookupBvn({ db, actor: compliance, input: { number: BVN, purpose: "case 4" }, requestId: "r", api: upstream(), perHour: 5 }),
    ).rejects.toMatchObject({ status: 429, code: "bvn_quota_exceeded" });
    // Another staff member has a quota of their own.
    await expect(
      lookupBvn({ db, actor: other, input: { number: BVN, purpose: "case 5" }, requestId: "r", api: upstream(), perHour: 5 }),
    ).resolves.toMatchObject({
      masked: true,
    });
  });

  it("answers 502 for a record with text past its bound, and keeps no reveal copy of it", async () => {
    const reviewer = { ...fakeStaff("compliance"), id: "00000000-0000-4000-8000-000000000003" };
    const copies = async () => (await db.select().from(bvnReveals)).length;
    const before = await copies();
    embeddedSimulator().faults.add({
      operation: "POST /identity/bvn",
      body: { bvn: BVN, first_name: "Ngozi", residential_address: "x".repeat(200_000) },
      times: 1,
    });
    await expect(
      lookupBvn({ db, actor: reviewer, input: { number: BVN, purpose: "case 6" }, requestId: "r", api: upstream(), perHour: 5 }),
    ).rejects.toMatchObject({ status: 502, code: "upstream_invalid_response" });
    expect(await copies()).toBe(before);
    const [last] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(last).toMatchObject({ action: "bvn.lookup", outcome: "failure" });
    expect(JSON.stringify(last)).not.toContain("xxxxxxxx");
  });
});
