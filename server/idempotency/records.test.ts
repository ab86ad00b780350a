import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { idempotencyRecords } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { maskSensitiveDeep } from "@/server/privacy";
import { withFreshDatabase } from "@/server/testing/database";
import { businessIntent, claimKey, type ClaimOptions, completeKey, type StoredOutcome, unknownOutcome } from "./records";

let db: Db;
withFreshDatabase((opened) => (db = opened));

let n = 0;
const fresh = () => `records-${Date.now().toString(36)}-${++n}`;

const options = (key: string, requestId: string): ClaimOptions => ({
  intent: businessIntent("credit.simulate", key),
  fingerprint: "same",
  staffId: null,
  requestId,
  leaseMs: 5_000,
  ttlMs: null,
  waitMs: 1_000,
  interrupted: unknownOutcome(502, "credit_outcome_unknown", "interrupted"),
});

const storedBody = async (key: string) =>
  (
    await db
      .select({ body: idempotencyRecords.responseBody })
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.scope, "credit.simulate"), eq(idempotencyRecords.key, key)))
  )[0]?.body;

/** What the route sends for an answer, first or replayed: masked by value as every answer is. */
const sent = (outcome: StoredOutcome) => ({ status: outcome.status, body: maskSensitiveDeep(outcome.body, "typed") });

/** Stores `outcome` as the answer to one key, then replays it. */
async function storeAndReplay(outcome: StoredOutcome) {
  const key = fresh();
  expect(await claimKey(db, options(key, "first"))).toEqual({ kind: "claimed" });
  await completeKey(db, options(key, "first").intent, "first", outcome);
  const replay = await claimKey(db, options(key, "again"));
  if (replay.kind !== "replay") throw new Error(`expected a replay, got ${replay.kind}`);
  return { stored: (await storedBody(key)) ?? "", replayed: replay.outcome };
}

describe("an intent's stored answer", () => {
  it("keeps no card number, CVV or BVN the upstream put in it, and a replay sends what the first answer sent", async () => {
    const answer: StoredOutcome = {
      status: 200,
      body: {
        id: "txn_sim_1",
        amount: 10.5,
        detail: "Credited from card 4111 1111 1111 1111 cvv 123",
        sender: { account_number: "22212345678", narration: "BVN 22212345678" },
      },
    };
    const { stored, replayed } = await storeAndReplay(answer);
    expect(stored).not.toMatch(/4111 1111|1111111111111111|22212345678|\b123\b/);
    expect(stored).toContain("txn_sim_1");
    expect(sent(replayed)).toEqual(sent(answer));
    // Stored as it is sent: the replay needs no further masking to be the first answer.
    expect(replayed).toEqual(sent(answer));
  });

  it("keeps an upstream refusal's message masked, and replays the same envelope", async () => {
    const refusal: StoredOutcome = { status: 422, body: { error: { code: "upstream_error", message: "card 5500005555555559 declined" } } };
    const { stored, replayed } = await storeAndReplay(refusal);
    expect(stored).not.toContain("5500005555555559");
    expect(sent(replayed)).toEqual(sent(refusal));
  });

  it("keeps amounts as numbers: an answer's quantities are never read as card numbers or BVNs", async () => {
    const answer: StoredOutcome = { status: 200, body: { id: "txn_sim_2", amount: 900_719_925_474, balance: 22_212_345_678 } };
    const { replayed } = await storeAndReplay(answer);
    expect(replayed).toEqual(answer);
  });
});
