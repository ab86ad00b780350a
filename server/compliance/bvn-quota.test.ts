import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withAppClockSkew } from "@/server/testing/app-clock-skew";
import { whileAuditRefused } from "@/server/testing/audit-refusal";
import { withFreshDatabase } from "@/server/testing/database";
import { fakeStaff } from "@/server/testing/staff";
import { upstream } from "@/server/upstream/client";
import { embeddedSimulator } from "@/server/upstream/embedded-simulator";
import { BVN_LOOKUP_ACTION, BVN_LOOKUP_REQUEST_ACTION, lookupsInLastHour, recentLookups } from "./bvn-history";
import { lookupBvn } from "./bvn-lookup";

let db: Db;
withFreshDatabase((opened) => (db = opened));

const BVN = "22222222222";
const LOOKUP_OP = "POST /identity/bvn";
const upstreamCalls = () => embeddedSimulator().stats.count(LOOKUP_OP);
const staffMember = (n: number) => ({ ...fakeStaff("compliance"), id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, "0")}` });

describe("BVN lookups are audited before they are made", () => {
  it.each([
    ["a NUL", "case \u0000 17"],
    ["a lone surrogate", "case \ud800 17"],
    ["a lone low surrogate", "case 17 \udc00"],
    ["a newline", "case\n17"],
  ])("refuses a purpose with %s (400 on purpose): no upstream call, no audit entry", async (_label, purpose) => {
    const before = upstreamCalls();
    const entriesBefore = (await db.select().from(auditLog)).length;
    await expect(
      lookupBvn({ db, actor: staffMember(1), input: { number: BVN, purpose }, requestId: "r", api: upstream(), perHour: 30 }),
    ).rejects.toMatchObject({
      status: 400,
      field: "purpose",
    });
    expect(upstreamCalls()).toBe(before);
    expect(await db.select().from(auditLog)).toHaveLength(entriesBefore);
  });

  it("lets exactly 30 of 45 concurrent lookups through a quota of 30; the other 15 get 429", async () => {
    const member = staffMember(2);
    const before = upstreamCalls();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 45 }, (_, i) =>
        lookupBvn({ db, actor: member, input: { number: BVN, purpose: `case ${i}` }, requestId: `r${i}`, api: upstream(), perHour: 30 }),
      ),
    );
    expect(upstreamCalls() - before).toBe(30);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(30);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 429, code: "bvn_quota_exceeded" });

    const mine = (await db.select().from(auditLog)).filter((e) => e.actorStaffId === member.id);
    const count = (key: string) => mine.filter((e) => `${e.action}:${e.outcome}` === key).length;
    expect(count("bvn.lookup.requested:success")).toBe(30);
    expect(count("bvn.lookup:success")).toBe(30);
    expect(count("bvn.lookup:denied")).toBe(15);
  });

  it("makes no upstream call when the request's audit entry cannot be written", async () => {
    const member = staffMember(3);
    const before = upstreamCalls();
    await whileAuditRefused(db, "bvn.lookup.requested", () =>
      expect(
        lookupBvn({ db, actor: member, input: { number: BVN, purpose: "case 99" }, requestId: "r", api: upstream(), perHour: 30 }),
      ).rejects.toThrow(),
    );
    expect(upstreamCalls()).toBe(before);
    expect((await db.select().from(auditLog)).filter((e) => e.actorStaffId === member.id)).toHaveLength(0);
  });
});

describe("the hourly BVN quota keeps the database's hour, whatever an instance's clock says", () => {
  const MINUTE = 60_000;
  const lookUp = (member: ReturnType<typeof staffMember>, i: number) =>
    lookupBvn({ db, actor: member, input: { number: BVN, purpose: `case skew ${i}` }, requestId: `skew${i}`, api: upstream(), perHour: 3 });

  it("lookups made through an instance 10 minutes slow still count where the clock reads 50 minutes later", async () => {
    const member = staffMember(4);
    // Shown by PostgreSQL: under PGlite the skew does not reach code inside a transaction (the helper
    // keeps PGlite's own calls on the real time by their stack), so the reservation stamps the real time
    // there anyway. The writer's test and the next one show the two halves on both databases.
    await withAppClockSkew(-10 * MINUTE, async () => {
      for (let i = 0; i < 3; i++) await lookUp(member, i);
    });
    // What a correctly set instance sees 50 real minutes on: before, its hour had left all three behind.
    await withAppClockSkew(50 * MINUTE, async () => {
      expect(await lookupsInLastHour(db, member.id)).toBe(3);
      await expect(lookUp(member, 3)).rejects.toMatchObject({ status: 429, code: "bvn_quota_exceeded" });
    });
  });

  it("counts a lookup until it is an hour old on the database's clock", async () => {
    const member = staffMember(5);
    // Written directly: the database's clock cannot be moved, its past can be.
    for (const minutes of [59, 61]) {
      await db.insert(auditLog).values({
        occurredAt: sql`now() - make_interval(mins => ${minutes})`,
        requestId: `old${minutes}`,
        actorStaffId: member.id,
        action: BVN_LOOKUP_REQUEST_ACTION,
        outcome: "success",
        prevHash: "-",
        hash: "-",
      });
    }
    expect(await lookupsInLastHour(db, member.id)).toBe(1);
    expect(await withAppClockSkew(-10 * MINUTE, () => lookupsInLastHour(db, member.id))).toBe(1);
  });

  it("lists who looked a BVN up in the last 24 hours of the database's clock, whatever the instance's", async () => {
    for (const hours of [23.9, 24.1]) {
      await db.insert(auditLog).values({
        occurredAt: sql`now() - make_interval(secs => ${hours * 3600})`,
        requestId: `recent${hours}`,
        actorEmail: `h${hours}@example.com`,
        action: BVN_LOOKUP_ACTION,
        outcome: "success",
        detail: { bvnHash: "hash-of-a-recent-bvn" },
        prevHash: "-",
        hash: "-",
      });
    }
    const emails = async () => (await recentLookups(db, "hash-of-a-recent-bvn")).map((l) => l.staffEmail);
    expect(await emails()).toEqual(["h23.9@example.com"]);
    expect(await withAppClockSkew(-30 * MINUTE, emails)).toEqual(["h23.9@example.com"]);
    expect(await withAppClockSkew(30 * MINUTE, emails)).toEqual(["h23.9@example.com"]);
  });
});
