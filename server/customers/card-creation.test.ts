import { and, asc, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { db } from "@/server/db/client";
import { databaseNow } from "@/server/db/clock";
import { auditLog } from "@/server/db/schema";
import { fingerprintOf } from "@/server/idempotency/records";
import { embeddedSimulator } from "@/server/upstream/embedded-simulator";
import { demoMember } from "@/server/testing/demo-accounts";
import { jsonRequest } from "@/server/testing/staff";
import { markVerifiedAtIssuance, readState, saveStatus } from "./verification-store";

// The real routes, database and embedded simulator; only the session is faked. Each call carries its
// staff member in its own async context (the route reads the session after awaiting the database,
// so a shared "current member" would be the last one set), and interleaved calls come from two people.
const session = await vi.hoisted(async () => {
  const { AsyncLocalStorage } = await import("node:async_hooks");
  return new AsyncLocalStorage<StaffMember>();
});
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.getStore() ?? null }));
// The fake member has no server-side session; step-up is tested in server/auth/second-factor.test.ts.
vi.mock("@/server/auth/step-up", () => ({ requireRecentSecondFactor: async () => {} }));

const cards = await import("@/app/api/v1/cards/route");
const issued = await import("@/app/api/v1/customers/[id]/cards/route");

const BASE = "http://localhost:3000";
const POST_CARDS = "POST /cards";
const sim = embeddedSimulator();
const upstreamCalls = () => sim.stats.count(POST_CARDS);

let ops: StaffMember;
let admin: StaffMember;

function post(staff: StaffMember, body: unknown, key: string | null) {
  return session.run(staff, () => cards.POST(jsonRequest(`${BASE}/api/v1/cards`, body, key === null ? {} : { "Idempotency-Key": key })));
}

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The card-creation audit entries written for one Idempotency-Key, oldest first. */
async function auditedFor(key: string) {
  const entries = await (
    await db()
  )
    .select()
    .from(auditLog)
    .where(and(sql`${auditLog.action} LIKE 'card.create%'`, sql`${auditLog.detail}->>'idempotency_key' = ${key}`))
    .orderBy(asc(auditLog.id));
  return entries.map((e) => ({
    action: e.action,
    outcome: e.outcome,
    actor: e.actorEmail,
    requestId: e.requestId,
    detail: e.detail as Record<string, unknown>,
  }));
}

async function listed(customerId: string) {
  const res = await session.run(ops, () =>
    issued.GET(new Request(`${BASE}/api/v1/customers/${customerId}/cards`), {
      params: Promise.resolve({ id: customerId }),
    }),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { cards: { card_id: string | null; staff_email: string; outcome: string; issued_at: string }[] }).cards;
}

beforeAll(async () => {
  ops = await demoMember("ops");
  admin = await demoMember("admin");
});

beforeEach(async () => {
  const database = await db();
  await database.execute(sql`DELETE FROM card_issuances`);
  await database.execute(sql`DELETE FROM card_issuance_claims`);
  await database.execute(sql`DELETE FROM idempotency_records`);
  await database.execute(sql`DELETE FROM card_verification_state`);
  await saveStatus({ db: database, customerId: "cus_approved", update: { status: "APPROVED", canCreateCard: true, source: "check" } });
  sim.faults.clear();
  sim.stats.reset();
});

describe("POST /api/v1/cards — one card per intent", () => {
  it("20 concurrent requests from one member with the same key make one upstream call and get identical answers", async () => {
    sim.faults.add({ operation: POST_CARDS, latencyMs: 300, times: 1 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(ops, { customer_id: "cus_approved" }, "intent-same-1")));
    const answers = await Promise.all(responses.map(answer));
    expect(upstreamCalls()).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify(answers[0])]));
    expect(answers[0]).toMatchObject({ status: 200, body: { kind: "card", card: { id: expect.any(String) } } });
    expect(await listed("cus_approved")).toHaveLength(1);
    // One creation and nineteen replays, each replay naming the request that made the card.
    const entries = await auditedFor("intent-same-1");
    const [created, ...replays] = entries;
    expect(created).toMatchObject({ action: "card.create", outcome: "success" });
    expect(replays).toHaveLength(19);
    for (const replay of replays) {
      expect(replay).toMatchObject({
        action: "card.create.replay",
        outcome: "success",
        actor: "ops@example.com",
        detail: { replay_of_request_id: created!.requestId, http_status: 200 },
      });
    }
  });

  it("20 concurrent requests with one key from two members are two intents: one upstream call per member", async () => {
    await markVerifiedAtIssuance({ db: await db(), customerId: "cus_nigerian" });
    sim.faults.add({ operation: POST_CARDS, latencyMs: 300, times: 2 });
    // Each member's key names their own intent: ops for one customer, admin for another.
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? post(admin, { customer_id: "cus_nigerian" }, "intent-shared") : post(ops, { customer_id: "cus_approved" }, "intent-shared"),
      ),
    );
    const answers = await Promise.all(responses.map(answer));
    expect(upstreamCalls()).toBe(2);
    const byOps = answers.filter((_, i) => i % 2 === 0);
    const byAdmin = answers.filter((_, i) => i % 2 === 1);
    for (const group of [byOps, byAdmin]) {
      expect(group[0]).toMatchObject({ status: 200, body: { kind: "card" } });
      expect(new Set(group.map((a) => JSON.stringify(a))).size).toBe(1);
    }
    expect((byOps[0]!.body.card as { id: string }).id).not.toBe((byAdmin[0]!.body.card as { id: string }).id);
    expect(await listed("cus_approved")).toHaveLength(1);
    expect(await listed("cus_nigerian")).toHaveLength(1);
  });

  it("another member's same key is a new intent: it meets the 24-hour warning, then makes its own upstream call", async () => {
    const first = await answer(await post(ops, { customer_id: "cus_approved" }, "intent-colleague"));
    expect(first.status).toBe(200);
    const cardId = (first.body.card as { id: string }).id;
    // Not a replay of the colleague's card: the card rules decide, as for any new intent.
    const warnedResponse = await post(admin, { customer_id: "cus_approved" }, "intent-colleague");
    expect(warnedResponse.headers.get("Idempotent-Replayed")).toBeNull();
    const warned = await answer(warnedResponse);
    expect(warned).toMatchObject({
      status: 409,
      body: { error: { code: "card_recently_issued" }, recent_issuance: { card_id: cardId, staff_email: "ops@example.com" } },
    });
    expect(upstreamCalls()).toBe(1);
    const shown = (warned.body.recent_issuance as { id: number }).id;
    const confirmed = await answer(
      await post(admin, { customer_id: "cus_approved", confirm_additional: true, acknowledged_issuance_id: shown }, "intent-colleague"),
    );
    expect(confirmed).toMatchObject({ status: 200, body: { kind: "card" } });
    expect((confirmed.body.card as { id: string }).id).not.toBe(cardId);
    expect(upstreamCalls()).toBe(2);
    // The first member's own retry is still a replay of their first answer.
    expect(await answer(await post(ops, { customer_id: "cus_approved" }, "intent-colleague"))).toEqual(first);
    expect(upstreamCalls()).toBe(2);
  });

  it("20 concurrent requests with distinct keys issue exactly one card; the rest are told why", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(i % 2 ? ops : admin, { customer_id: "cus_approved" }, `intent-distinct-${i}`)),
    );
    const answers = await Promise.all(responses.map(answer));
    expect(upstreamCalls()).toBe(1);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(["card_recently_issued", "card_creation_in_progress"]).toContain((refused.body.error as { code: string }).code);
    }
    const list = await listed("cus_approved");
    expect(list).toHaveLength(1);
    expect(list[0]!.card_id).toBe((ok[0]!.body.card as { id: string }).id);
  });

  it("a replay after the first finished returns the same status and body without a new upstream call, audited as a replay", async () => {
    const first = await answer(await post(ops, { customer_id: "cus_approved" }, "intent-replay"));
    expect(first.status).toBe(200);
    const replayResponse = await post(ops, { customer_id: "cus_approved" }, "intent-replay");
    expect(replayResponse.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await answer(replayResponse)).toEqual(first);
    expect(upstreamCalls()).toBe(1);
    const [created, replay, ...more] = await auditedFor("intent-replay");
    expect(created).toMatchObject({
      action: "card.create",
      outcome: "success",
      detail: { card_id: (first.body.card as { id: string }).id },
    });
    expect(replay).toMatchObject({
      action: "card.create.replay",
      outcome: "success",
      actor: "ops@example.com",
      detail: {
        idempotency_key: "intent-replay",
        card_id: (first.body.card as { id: string }).id,
        replay_of_request_id: created!.requestId,
        http_status: 200,
      },
    });
    expect(replay!.requestId).not.toBe(created!.requestId);
    expect(more).toEqual([]);
  });

  it("a replayed refusal is audited as a replay that failed", async () => {
    sim.faults.add({ operation: POST_CARDS, status: 422, times: 1 });
    expect((await post(ops, { customer_id: "cus_approved" }, "intent-replay-refused")).status).toBe(422);
    expect((await post(ops, { customer_id: "cus_approved" }, "intent-replay-refused")).status).toBe(422);
    const [, replay] = await auditedFor("intent-replay-refused");
    expect(replay).toMatchObject({ action: "card.create.replay", outcome: "failure", detail: { http_status: 422 } });
    expect(upstreamCalls()).toBe(1);
  });

  it("the same key with a different body is refused with 422", async () => {
    expect((await post(ops, { customer_id: "cus_approved" }, "intent-body")).status).toBe(200);
    const other = await answer(
      await post(ops, { customer_id: "cus_approved", confirm_additional: true, acknowledged_issuance_id: 1 }, "intent-body"),
    );
    expect(other).toMatchObject({ status: 422, body: { error: { code: "idempotency_key_reused", field: "Idempotency-Key" } } });
    expect(upstreamCalls()).toBe(1);
  });

  it.each([
    ["missing", null],
    ["empty", ""],
    ["with a space", "two words"],
    ["non-ASCII", "clé"],
    ["too long", "k".repeat(256)],
  ])("a %s Idempotency-Key is a 400 naming the header", async (_, key) => {
    const res = await answer(await post(ops, { customer_id: "cus_approved" }, key));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { field: "Idempotency-Key" } });
    expect(upstreamCalls()).toBe(0);
  });

  it("refuses 409 verification_not_approved unless the stored state is approved, with no upstream call", async () => {
    for (const id of ["cus_not_submitted", "cus_will_reject", "cus_nigerian"]) {
      const res = await answer(await post(ops, { customer_id: id }, `intent-unapproved-${id}`));
      expect(res).toMatchObject({ status: 409, body: { error: { code: "verification_not_approved" } } });
    }
    await saveStatus({ db: await db(), customerId: "cus_approved", update: { status: "APPROVED", canCreateCard: false, source: "check" } });
    expect((await answer(await post(ops, { customer_id: "cus_approved" }, "intent-unapproved-2"))).status).toBe(409);
    expect(upstreamCalls()).toBe(0);
  });

  it("makes a card for a Nigerian customer once they are known to be verified when the card is made", async () => {
    await markVerifiedAtIssuance({ db: await db(), customerId: "cus_nigerian" });
    const res = await answer(await post(ops, { customer_id: "cus_nigerian" }, "intent-ng"));
    expect(res).toMatchObject({ status: 200, body: { kind: "card", card: { id: expect.any(String) } } });
    expect(upstreamCalls()).toBe(1);
    expect(await listed("cus_nigerian")).toMatchObject([{ outcome: "issued", card_id: (res.body.card as { id: string }).id }]);
  });

  it("learns the real state when the API answers a verification instead of a card (legacy path), and records no card", async () => {
    // Our stored state says approved; the API holds NOT_SUBMITTED and starts a verification instead.
    await saveStatus({
      db: await db(),
      customerId: "cus_not_submitted",
      update: { status: "APPROVED", canCreateCard: true, source: "check" },
    });
    const res = await answer(await post(ops, { customer_id: "cus_not_submitted" }, "intent-legacy"));
    expect(res).toMatchObject({
      status: 200,
      body: { kind: "verification_pending", view: { status: "PENDING", source: "card", approved: false } },
    });
    expect(await readState({ db: await db(), customerId: "cus_not_submitted" })).toMatchObject({ status: "PENDING", statusSource: "card" });
    expect(await listed("cus_not_submitted")).toEqual([]);
  });

  it("keeps a webhook decision that arrived while the legacy call was in flight rather than its older answer", async () => {
    const database = await db();
    await saveStatus({
      db: database,
      customerId: "cus_will_approve",
      update: { status: "APPROVED", canCreateCard: true, source: "check" },
    });
    const { upstream } = await import("@/server/upstream/client");
    const api = upstream();
    const realCreateCard = api.createCard.bind(api);
    // The upstream starts a verification and answers PENDING; before that answer is read, the
    // decision it led to (REJECTED) arrives by webhook, dated on the database's clock after the send.
    const spy = vi.spyOn(api, "createCard").mockImplementationOnce(async (customerId) => {
      const answered = await realCreateCard(customerId);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await saveStatus({
        db: database,
        customerId,
        update: { status: "REJECTED", canCreateCard: false, source: "webhook" },
        asOf: await databaseNow(database),
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      return answered;
    });
    try {
      const res = await answer(await post(ops, { customer_id: "cus_will_approve" }, "intent-legacy-late"));
      expect(res).toMatchObject({ status: 200, body: { kind: "verification_pending", view: { status: "REJECTED", source: "webhook" } } });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    expect(await readState({ db: database, customerId: "cus_will_approve" })).toMatchObject({
      status: "REJECTED",
      statusSource: "webhook",
    });
  });

  it("a second card within 24 hours needs confirm_additional after the warning that names who, when and which card", async () => {
    const first = await answer(await post(ops, { customer_id: "cus_approved" }, "intent-first"));
    const cardId = (first.body.card as { id: string }).id;
    const warned = await answer(await post(admin, { customer_id: "cus_approved" }, "intent-second"));
    expect(warned).toMatchObject({
      status: 409,
      body: {
        error: { code: "card_recently_issued", message: expect.stringContaining(cardId) },
        recent_issuance: { card_id: cardId, staff_email: "ops@example.com", outcome: "issued", issued_at: expect.any(String) },
      },
    });
    expect(upstreamCalls()).toBe(1);
    // A confirmation that does not name the card it was warned about is warned again.
    const blind = await answer(await post(admin, { customer_id: "cus_approved", confirm_additional: true }, "intent-second-blind"));
    expect(blind).toMatchObject({ status: 409, body: { error: { code: "card_recently_issued" } } });
    expect(upstreamCalls()).toBe(1);
    // The refused key stays free: the confirmed attempt is a new intent with its own key.
    const shown = (warned.body.recent_issuance as { id: number }).id;
    const confirmed = await answer(
      await post(
        admin,
        { customer_id: "cus_approved", confirm_additional: true, acknowledged_issuance_id: shown },
        "intent-second-confirmed",
      ),
    );
    expect(confirmed.status).toBe(200);
    expect((confirmed.body.card as { id: string }).id).not.toBe(cardId);
    expect(upstreamCalls()).toBe(2);
    const list = await listed("cus_approved");
    expect(list.map((c) => [c.card_id, c.staff_email])).toEqual([
      [(confirmed.body.card as { id: string }).id, "admin@example.com"],
      [cardId, "ops@example.com"],
    ]);
  });

  it("two staff confirming the same warning make one more card; the later one is warned about it", async () => {
    await post(ops, { customer_id: "cus_approved" }, "intent-ack-first");
    const warned = await answer(await post(admin, { customer_id: "cus_approved" }, "intent-ack-warned"));
    const shown = (warned.body.recent_issuance as { id: number }).id;
    const confirm = { customer_id: "cus_approved", confirm_additional: true, acknowledged_issuance_id: shown };
    sim.faults.add({ operation: POST_CARDS, latencyMs: 200, times: 1 });
    const [a, b] = await Promise.all([post(admin, confirm, "intent-ack-a"), post(ops, confirm, "intent-ack-b")].map((p) => p.then(answer)));
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    expect(upstreamCalls()).toBe(2);
    // Once the first confirmation's card exists, the same acknowledgement no longer covers a third card.
    const late = await answer(await post(ops, confirm, "intent-ack-c"));
    expect(late).toMatchObject({ status: 409, body: { error: { code: "card_recently_issued" } } });
    expect((late.body.recent_issuance as { id: number }).id).not.toBe(shown);
    expect(upstreamCalls()).toBe(2);
    expect(await listed("cus_approved")).toHaveLength(2);
  });

  it("an acknowledgement without confirm_additional is a 400 naming it", async () => {
    const res = await answer(await post(ops, { customer_id: "cus_approved", acknowledged_issuance_id: 1 }, "intent-ack-bad"));
    expect(res).toMatchObject({ status: 400, body: { error: { field: "acknowledged_issuance_id" } } });
  });

  it("after a timeout the outcome is unknown: the key replays it and another key gets the warning", async () => {
    sim.faults.add({ operation: POST_CARDS, status: 504, times: 1 });
    const first = await answer(await post(ops, { customer_id: "cus_approved" }, "intent-timeout"));
    expect(first).toMatchObject({ status: 504, body: { error: { code: "card_outcome_unknown" } } });
    expect(await answer(await post(ops, { customer_id: "cus_approved" }, "intent-timeout"))).toEqual(first);
    const other = await answer(await post(admin, { customer_id: "cus_approved" }, "intent-after-timeout"));
    expect(other).toMatchObject({
      status: 409,
      body: { error: { code: "card_recently_issued" }, recent_issuance: { outcome: "unknown", card_id: null } },
    });
    expect(upstreamCalls()).toBe(1);
  });

  it("a definite upstream refusal is stored for the key and leaves no issuance behind", async () => {
    sim.faults.add({ operation: POST_CARDS, status: 422, times: 1 });
    const first = await answer(await post(ops, { customer_id: "cus_approved" }, "intent-refused"));
    expect(first.status).toBe(422);
    expect(await answer(await post(ops, { customer_id: "cus_approved" }, "intent-refused"))).toEqual(first);
    expect(await listed("cus_approved")).toEqual([]);
    expect((await post(ops, { customer_id: "cus_approved" }, "intent-refused-next")).status).toBe(200);
    expect(upstreamCalls()).toBe(2);
  });

  it("an owner that died mid-call (expired claim) counts as an unknown issuance", async () => {
    const database = await db();
    await database.execute(
      sql`INSERT INTO card_issuance_claims (customer_id, idempotency_key, request_id, staff_email, staff_name, claimed_at, expires_at)
          VALUES ('cus_approved', 'crashed-key', 'crashed-request', 'ops@example.com', 'Ops', now() - interval '1 minute', now() - interval '1 second')`,
    );
    await database.execute(
      sql`INSERT INTO idempotency_records (scope, owner, key, fingerprint, state, staff_id, request_id, lease_expires_at, expires_at)
          VALUES ('card.create', ${ops.id}, 'crashed-key', ${fingerprintOf("card.create", "cus_approved", "first", "")}, 'in_progress', ${ops.id}, 'crashed-request', now() - interval '1 second', now() + interval '1 day')`,
    );
    const warned = await answer(await post(admin, { customer_id: "cus_approved" }, "intent-after-crash"));
    expect(warned).toMatchObject({
      status: 409,
      body: { error: { code: "card_recently_issued" }, recent_issuance: { outcome: "unknown", staff_email: "ops@example.com" } },
    });
    // Recorded for good, though this request was refused: the list shows it and the warning stays.
    expect((await listed("cus_approved")).map((c) => c.outcome)).toEqual(["unknown"]);
    expect((await answer(await post(ops, { customer_id: "cus_approved" }, "intent-after-crash-2"))).body).toMatchObject({
      error: { code: "card_recently_issued" },
    });
    // A retry of the dead request's own key is not sent again: its outcome is unknown for good.
    const replay = await answer(await post(ops, { customer_id: "cus_approved" }, "crashed-key"));
    expect(replay).toMatchObject({ status: 502, body: { error: { code: "card_outcome_unknown" } } });
    expect(await answer(await post(ops, { customer_id: "cus_approved" }, "crashed-key"))).toEqual(replay);
    expect(upstreamCalls()).toBe(0);
    expect(await auditedFor("crashed-key")).toEqual([
      expect.objectContaining({
        action: "card.create.replay",
        outcome: "failure",
        detail: expect.objectContaining({ replay_of_request_id: "crashed-request", http_status: 502 }),
      }),
      expect.objectContaining({
        action: "card.create.replay",
        outcome: "failure",
        detail: expect.objectContaining({ replay_of_request_id: "crashed-request", http_status: 502 }),
      }),
    ]);
  });
});
