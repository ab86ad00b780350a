import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { cardIssuanceClaims } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { fakeStaff } from "@/server/testing/staff";
import { claimIssuance, finishIssuance, latestIssuance, type IssuanceClaim } from "./card-issuances";
import { markVerifiedAtIssuance, saveStatus } from "./verification-store";

let db: Db;
withFreshDatabase((opened) => {
  db = opened;
});

const ops = fakeStaff("ops");
let n = 0;
const claimFor = (customerId: string, extra: Partial<IssuanceClaim> = {}): IssuanceClaim => {
  n += 1;
  return {
    customerId,
    idempotencyKey: `key-${n}`,
    requestId: `req-${n}`,
    staff: ops,
    leaseMs: 60_000,
    confirmAdditional: false,
    acknowledgedIssuanceId: null,
    ...extra,
  };
};

beforeEach(async () => {
  await db.execute(sql`DELETE FROM card_issuances`);
  await db.execute(sql`DELETE FROM card_issuance_claims`);
  await db.execute(sql`DELETE FROM card_verification_state`);
});

describe("the per-customer issuance claim", () => {
  it("is refused unless the stored verification is APPROVED with card permission", async () => {
    expect(await claimIssuance(db, claimFor("cus_unknown"))).toEqual({ kind: "not_approved" });
    await saveStatus({ db, customerId: "cus_a", update: { status: "APPROVED", canCreateCard: false, source: "check" } });
    expect(await claimIssuance(db, claimFor("cus_a"))).toEqual({ kind: "not_approved" });
    await saveStatus({ db, customerId: "cus_a", update: { status: "APPROVED", canCreateCard: true, source: "check" } });
    expect(await claimIssuance(db, claimFor("cus_a"))).toEqual({ kind: "claimed" });
  });

  it("lets a Nigerian customer, verified when the card is made, through without an approval", async () => {
    await markVerifiedAtIssuance({ db, customerId: "cus_ng" });
    expect(await claimIssuance(db, claimFor("cus_ng"))).toEqual({ kind: "claimed" });
  });

  it("holds the customer while a claim's lease runs: a second request is told one is in progress", async () => {
    await saveStatus({ db, customerId: "cus_b", update: { status: "APPROVED", canCreateCard: true, source: "check" } });
    const first = claimFor("cus_b");
    expect(await claimIssuance(db, first)).toEqual({ kind: "claimed" });
    expect(await claimIssuance(db, claimFor("cus_b"))).toEqual({ kind: "in_progress" });
    // Released with nothing issued (a definite refusal upstream): the next request may claim.
    await finishIssuance(db, first, { kind: "none" });
    expect(await claimIssuance(db, claimFor("cus_b"))).toEqual({ kind: "claimed" });
  });

  it("after an issuance, asks for confirmation naming it; a confirmation of that issuance claims", async () => {
    await saveStatus({ db, customerId: "cus_c", update: { status: "APPROVED", canCreateCard: true, source: "check" } });
    const first = claimFor("cus_c");
    await claimIssuance(db, first);
    await finishIssuance(db, first, { kind: "issued", cardId: "card_1", last4: "4242" });
    const warned = await claimIssuance(db, claimFor("cus_c"));
    expect(warned).toMatchObject({ kind: "recently_issued", issuance: { card_id: "card_1", staff_email: ops.email, outcome: "issued" } });
    const shown = warned.kind === "recently_issued" ? warned.issuance.id : -1;
    expect(await claimIssuance(db, claimFor("cus_c", { confirmAdditional: true, acknowledgedIssuanceId: shown + 1 }))).toMatchObject({
      kind: "recently_issued",
    });
    expect(await claimIssuance(db, claimFor("cus_c", { confirmAdditional: true, acknowledgedIssuanceId: shown }))).toEqual({
      kind: "claimed",
    });
  });

  it("takes over a claim whose lease ran out, and records the dead owner's attempt as an unknown issuance", async () => {
    await saveStatus({ db, customerId: "cus_d", update: { status: "APPROVED", canCreateCard: true, source: "check" } });
    const dead = claimFor("cus_d");
    await claimIssuance(db, dead);
    await db.update(cardIssuanceClaims).set({ expiresAt: sql`now() - interval '1 second'` });
    // The unknown attempt now counts as a recent issuance, so taking over needs the confirmation.
    expect(await claimIssuance(db, claimFor("cus_d"))).toMatchObject({
      kind: "recently_issued",
      issuance: { outcome: "unknown", request_id: dead.requestId },
    });
    const unknown = await latestIssuance(db, "cus_d", true);
    expect(unknown).toMatchObject({ outcome: "unknown", request_id: dead.requestId });
    expect(await claimIssuance(db, claimFor("cus_d", { confirmAdditional: true, acknowledgedIssuanceId: unknown!.id }))).toEqual({
      kind: "claimed",
    });
  });
});
