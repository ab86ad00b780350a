import { and, asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rows } from "@/server/db/migrate";
import { idempotencyRecords, seenObjects } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { indexed } from "@/server/finance/seen-objects";
import { maskedAnswer, maskedStoredAnswer } from "@/server/idempotency/records";
import { log } from "@/server/log";
import { withFreshDatabase } from "@/server/testing/database";
import { MASK_ROWS_AT_REST_MARKER, maskRowsAtRest, type MaskRowsOptions, startMaskRowsAtRest } from "./mask-rows-at-rest";

let db: Db;
withFreshDatabase((opened) => (db = opened));

const rules = { indexed, storedAnswer: maskedStoredAnswer };
const run = (options: Partial<MaskRowsOptions> = {}) => maskRowsAtRest({ db, rules, ...options });

/** Each test starts from empty tables and a database the job has not run on. */
beforeEach(async () => {
  await db.delete(seenObjects);
  await db.delete(idempotencyRecords);
  await db.execute(sql`DELETE FROM schema_migrations WHERE name = ${MASK_ROWS_AT_REST_MARKER}`);
});
afterEach(() => vi.restoreAllMocks());

const PAN = "4111 1111 1111 1111";
const BVN = "22212345678";
/** A card number however it is written (spaces, dashes, none). */
const CARD_NUMBER = /4111[\s-]?1111[\s-]?1111[\s-]?1111/;

type Seen = {
  kind?: "transaction" | "bill" | "collection";
  id: string;
  reference: string | null;
  accountNumber: string | null;
  label: string;
};

/** A row as the index kept it before masking: the text exactly as given. */
async function insertSeen(...list: Seen[]) {
  await db.insert(seenObjects).values(list.map((row) => ({ kind: "transaction" as const, ...row })));
}

async function seen(id: string, kind: Seen["kind"] = "transaction") {
  const [row] = await db
    .select({ reference: seenObjects.reference, accountNumber: seenObjects.accountNumber, label: seenObjects.label })
    .from(seenObjects)
    .where(and(eq(seenObjects.kind, kind), eq(seenObjects.id, id)));
  return row;
}

type Answer = { scope?: "card.create" | "credit.simulate"; owner?: string; key: string; body: string | null };

/** A record as completeKey stored it before masking (or an owner still running, body null); kept for good. */
async function insertAnswers(...list: Answer[]) {
  await db.insert(idempotencyRecords).values(
    list.map(({ scope = "credit.simulate", owner = "", key, body }) => ({
      scope,
      owner,
      key,
      fingerprint: "fp",
      state: body === null ? ("in_progress" as const) : ("completed" as const),
      responseStatus: body === null ? null : 200,
      responseBody: body,
      requestId: `req-${key}`,
      leaseExpiresAt: new Date(Date.now() + 60_000),
      expiresAt: null,
    })),
  );
}

async function answer(key: string, scope: Answer["scope"] = "credit.simulate", owner = "") {
  const [row] = await db
    .select({ body: idempotencyRecords.responseBody })
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.owner, owner), eq(idempotencyRecords.key, key)));
  return row?.body;
}

const markerRows = async () =>
  rows<{ name: string }>(await db.execute(sql`SELECT name FROM schema_migrations WHERE name = ${MASK_ROWS_AT_REST_MARKER}`)).length;

const oldBody = JSON.stringify({
  id: "txn_sim_1",
  amount: 10.5,
  detail: `Credited from card ${PAN} cvv 123`,
  sender: { account_number: BVN, narration: `BVN ${BVN}` },
});

describe("masking the rows kept at rest from before masking", () => {
  it("rewrites old unmasked rows as the app now writes them, and leaves masked and unrelated rows as they are", async () => {
    const masked = { reference: indexed(`REF ${PAN}`), accountNumber: indexed(PAN), label: indexed(`Ada Obi · card ${PAN} cvv 123`) };
    const unrelated = { reference: "TRF-2024-001", accountNumber: "0123456789", label: "Ada Obi · Salary" };
    await insertSeen(
      { id: "old", reference: `REF ${PAN}`, accountNumber: "4111111111111111", label: `Ada Obi · card 4111-1111-1111-1111 cvv 123` },
      // Full-width digits: the index keeps them as ASCII (normalizeDigits), or a search could not find them.
      { kind: "collection", id: "wide", reference: null, accountNumber: "０１２３４５６７８９", label: "Ada Obi · Bank" },
      { id: "masked", ...masked },
      { id: "unrelated", ...unrelated },
    );
    const maskedBody = maskedAnswer(JSON.parse(oldBody));
    const unrelatedBody = JSON.stringify({ id: "txn_sim_2", amount: 10.5, currency: "NGN" });
    await insertAnswers(
      { key: "old", body: oldBody },
      { key: "masked", body: maskedBody },
      { key: "unrelated", body: unrelatedBody },
      { key: "running", body: null },
    );

    expect(await run()).toEqual({ status: "finished", seenObjects: 2, idempotencyRecords: 1, changedMeanwhile: 0, unreadable: 0 });

    const old = await seen("old");
    expect(old).toEqual({
      reference: indexed(`REF ${PAN}`),
      accountNumber: indexed("4111111111111111"),
      label: indexed(`Ada Obi · card 4111-1111-1111-1111 cvv 123`),
    });
    expect(JSON.stringify(old)).not.toMatch(CARD_NUMBER);
    expect(old?.label).not.toMatch(/\b123\b/);
    expect(old?.label).toContain("Ada Obi");
    expect(await seen("wide", "collection")).toEqual({ reference: null, accountNumber: "0123456789", label: "Ada Obi · Bank" });
    expect(await seen("masked")).toEqual(masked);
    expect(await seen("unrelated")).toEqual(unrelated);

    const rewritten = await answer("old");
    expect(rewritten).toBe(maskedBody);
    expect(rewritten).not.toMatch(CARD_NUMBER);
    expect(rewritten).not.toContain(BVN);
    expect(rewritten).not.toMatch(/\b123\b/);
    expect(JSON.parse(rewritten ?? "null")).toMatchObject({ id: "txn_sim_1", amount: 10.5 });
    expect(await answer("masked")).toBe(maskedBody);
    expect(await answer("unrelated")).toBe(unrelatedBody);
    expect(await answer("running")).toBeNull();
  });

  it("runs once per database: the marker row makes the next run do nothing", async () => {
    await insertSeen({ id: "first", reference: `REF ${PAN}`, accountNumber: null, label: "" });
    expect(await run()).toMatchObject({ status: "finished", seenObjects: 1 });
    expect(await markerRows()).toBe(1);

    // Written after the job finished (only an older version writes this): the second run must not even read it.
    await insertSeen({ id: "later", reference: `REF ${PAN}`, accountNumber: null, label: "" });
    await insertAnswers({ key: "later", body: oldBody });
    const read = vi.fn(async () => {});
    expect(await run({ afterRead: read })).toEqual({ status: "already_done" });
    expect(read).not.toHaveBeenCalled();
    expect((await seen("later"))?.reference).toBe(`REF ${PAN}`);
    expect(await answer("later")).toBe(oldBody);
    expect(await markerRows()).toBe(1);
  });

  it("never overwrites a row written between the batch's read and its rewrite", async () => {
    await insertSeen(
      { id: "raced", reference: `REF ${PAN}`, accountNumber: null, label: "Ada Obi" },
      { id: "quiet", reference: `REF ${PAN}`, accountNumber: null, label: "Ada Obi" },
    );
    await insertAnswers({ key: "raced", body: oldBody }, { key: "quiet", body: oldBody });
    const newerBody = maskedAnswer({ id: "txn_sim_9", status: "completed" });

    // What another instance writes meanwhile: the object read again (upsert), the key taken over and answered.
    const afterRead = async (table: string) => {
      if (table === "seen_objects")
        await db
          .update(seenObjects)
          .set({ reference: "REF-NEWER", label: "Ada Obi · newer" })
          .where(and(eq(seenObjects.kind, "transaction"), eq(seenObjects.id, "raced")));
      else await db.update(idempotencyRecords).set({ responseBody: newerBody }).where(eq(idempotencyRecords.key, "raced"));
    };
    expect(await run({ afterRead })).toEqual({
      status: "finished",
      seenObjects: 1,
      idempotencyRecords: 1,
      changedMeanwhile: 2,
      unreadable: 0,
    });

    expect(await seen("raced")).toEqual({ reference: "REF-NEWER", accountNumber: null, label: "Ada Obi · newer" });
    expect(await answer("raced")).toBe(newerBody);
    // The rest of the same batch is rewritten all the same.
    expect((await seen("quiet"))?.reference).toBe(indexed(`REF ${PAN}`));
    expect(await answer("quiet")).toBe(maskedStoredAnswer(oldBody));
  });

  it("walks every row of tables longer than one batch, across every part of the primary key", async () => {
    const kinds = ["bill", "collection", "transaction"] as const;
    const ids = Array.from({ length: 12 }, (_, i) => `obj-${String(i).padStart(2, "0")}`);
    await insertSeen(
      ...kinds.flatMap((kind) => ids.map((id) => ({ kind, id, reference: `REF ${PAN}`, accountNumber: PAN, label: "Ada Obi" }))),
    );
    const scopes = ["card.create", "credit.simulate"] as const;
    const owners = ["", "staff-a", "staff-b"];
    await insertAnswers(
      ...scopes.flatMap((scope) => owners.flatMap((owner) => ids.slice(0, 6).map((key) => ({ scope, owner, key, body: oldBody })))),
    );

    // 36 index rows and 36 records, 7 to a batch: each table takes six batches, with keys ending mid-kind and mid-owner.
    expect(await run({ batchSize: 7 })).toEqual({
      status: "finished",
      seenObjects: 36,
      idempotencyRecords: 36,
      changedMeanwhile: 0,
      unreadable: 0,
    });

    const index = await db.select().from(seenObjects).orderBy(asc(seenObjects.kind), asc(seenObjects.id));
    expect(index).toHaveLength(36);
    expect(index.every((row) => row.reference === indexed(`REF ${PAN}`) && row.accountNumber === indexed(PAN))).toBe(true);
    const records = await db.select({ body: idempotencyRecords.responseBody }).from(idempotencyRecords);
    expect(records).toHaveLength(36);
    expect(records.every((row) => row.body === maskedStoredAnswer(oldBody))).toBe(true);
  });

  it("stops before its next batch once shutdown began, without the marker, and a later run finishes the job", async () => {
    await insertSeen(...Array.from({ length: 5 }, (_, i) => ({ id: `obj-${i}`, reference: `REF ${PAN}`, accountNumber: null, label: "" })));
    let batches = 0;
    const outcome = await run({ batchSize: 2, afterRead: async () => void (batches += 1), shouldStop: () => batches >= 1 });
    expect(outcome).toMatchObject({ status: "stopped", seenObjects: 2 });
    expect(await markerRows()).toBe(0);
    expect((await seen("obj-4"))?.reference).toBe(`REF ${PAN}`);

    expect(await run({ batchSize: 2 })).toMatchObject({ status: "finished", seenObjects: 3 });
    expect((await seen("obj-4"))?.reference).toBe(indexed(`REF ${PAN}`));
    expect(await markerRows()).toBe(1);
  });

  it("leaves a response body that is not JSON as it is, and counts it", async () => {
    await insertAnswers({ key: "garbled", body: "not json" }, { key: "old", body: oldBody });
    expect(await run()).toMatchObject({ status: "finished", idempotencyRecords: 1, unreadable: 1 });
    expect(await answer("garbled")).toBe("not json");
  });
});

describe("the start-up's background run", () => {
  it("logs one line with the counts only, never a value", async () => {
    await insertSeen({ id: "old", reference: `REF ${PAN}`, accountNumber: null, label: "" });
    await insertAnswers({ key: "old", body: oldBody });
    const info = vi.spyOn(log, "info");
    await startMaskRowsAtRest(async () => db, rules, { shouldStop: () => false });
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0]?.[0]).toEqual({ seenObjects: 1, idempotencyRecords: 1, changedMeanwhile: 0, unreadable: 0 });
    expect(JSON.stringify(info.mock.calls)).not.toMatch(/4111|1111|22212345678/);

    // Already done on this database: nothing to say.
    await startMaskRowsAtRest(async () => db, rules, { shouldStop: () => false });
    expect(info).toHaveBeenCalledTimes(1);
  });

  it("never rejects: a failure is a warning, and the next start tries again", async () => {
    const warn = vi.spyOn(log, "warn");
    await expect(
      startMaskRowsAtRest(() => Promise.reject(new Error("database unavailable")), rules, { shouldStop: () => false }),
    ).resolves.toBeUndefined();
    const failing = {
      ...rules,
      indexed: () => {
        throw new Error("boom");
      },
    };
    await insertSeen({ id: "old", reference: `REF ${PAN}`, accountNumber: null, label: "" });
    await expect(startMaskRowsAtRest(async () => db, failing, { shouldStop: () => false })).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(await markerRows()).toBe(0);
  });
});
