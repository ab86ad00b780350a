import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDatabase, postgresBinDir, startCluster, type ThrowAwayCluster } from "@/e2e/support/postgres";
import { cardIssuanceClaims, idempotencyRecords } from "@/server/db/schema";
import { jsonRequest } from "@/server/testing/staff";

// The real session store, routes and database: a PostgreSQL cluster of this file's own, which the
// test stops and starts again (never the shared server: stopping it would disturb everyone else).
const cookie = vi.hoisted(() => ({ sid: null as string | null }));
vi.mock("@/server/auth/session", async () => (await import("@/server/testing/stored-session")).storedSessionModule(cookie));
vi.mock("@/server/auth/step-up", () => ({ requireRecentSecondFactor: async () => {} }));

const BASE = "http://localhost:3000";
let cluster: ThrowAwayCluster | undefined;
const givenDatabaseUrl = process.env.DATABASE_URL;

/** One request, and how long it took to be answered. */
async function timed(call: () => Promise<Response>): Promise<{ res: Response; ms: number }> {
  const startedAt = performance.now();
  const res = await call();
  return { res, ms: performance.now() - startedAt };
}

describe.skipIf(postgresBinDir() === null)("a lost database", () => {
  beforeAll(async () => {
    cluster = await startCluster();
    // Read by server/env.ts on first use, which nothing in this file has made yet.
    process.env.DATABASE_URL = await createDatabase(cluster.adminUrl, "bo_outage");
  }, 120_000);

  afterAll(async () => {
    const { closeDatabase } = await import("@/server/db/client");
    await closeDatabase().catch(() => undefined);
    await cluster?.stop();
    process.env.DATABASE_URL = givenDatabaseUrl;
  });

  it("answers 503 database_unavailable with Retry-After within 2 s, serves again within 10 s of the server's return, and loses no acknowledged write", async () => {
    const { db } = await import("@/server/db/client");
    const { createSession } = await import("@/server/auth/session-store");
    const { demoMember } = await import("@/server/testing/demo-accounts");
    const { saveStatus } = await import("@/server/customers/verification-store");
    const { verifyAuditChain } = await import("@/server/audit/verify");
    const { readiness } = await import("@/server/health");
    const me = await import("@/app/api/me/route");
    const cards = await import("@/app/api/v1/cards/route");
    const issued = await import("@/app/api/v1/customers/[id]/cards/route");

    const database = await db();
    const ops = await demoMember("ops");
    cookie.sid = await createSession(database, ops.id, { address: "10.77.0.1", userAgent: "vitest" });
    await saveStatus({ db: database, customerId: "cus_approved", update: { status: "APPROVED", canCreateCard: true, source: "check" } });
    const getMe = () => me.GET(new Request(`${BASE}/api/me`));
    const createCard = (key: string) =>
      cards.POST(jsonRequest(`${BASE}/api/v1/cards`, { customer_id: "cus_approved" }, { "Idempotency-Key": key }));

    // Acknowledged before the outage: a card, its idempotency record, its issuance and audit entries.
    const first = await createCard("outage-before");
    expect(first.status).toBe(200);
    const card = (await first.json()) as { kind: string; card: { id: string } };
    expect(card.kind).toBe("card");
    const auditBefore = await verifyAuditChain(database);
    expect(auditBefore.ok).toBe(true);

    cluster!.halt();

    for (const call of [getMe, () => createCard("outage-during")]) {
      const { res, ms } = await timed(call);
      expect(res.status).toBe(503);
      expect(ms).toBeLessThan(2_000);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("database_unavailable");
    }
    const ready = await readiness({ openDb: db });
    expect(ready.ready).toBe(false);
    expect(ready.failed).toContain("database");

    cluster!.resume();
    const resumedAt = performance.now();
    let status = 0;
    while (status !== 200 && performance.now() - resumedAt < 10_000) {
      status = (await getMe()).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect((await readiness({ openDb: db })).failed).not.toContain("database");

    // Nothing acknowledged before is missing: the chain verifies over at least as many entries,
    // the key replays the same card without a second one, and exactly that card is listed.
    const auditAfter = await verifyAuditChain(database);
    expect(auditAfter.ok).toBe(true);
    expect(auditAfter.ok && auditBefore.ok && auditAfter.checked >= auditBefore.checked).toBe(true);
    const replay = await createCard("outage-before");
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await replay.json()).toEqual(card);
    const list = await issued.GET(new Request(`${BASE}/api/v1/customers/cus_approved/cards`), {
      params: Promise.resolve({ id: "cus_approved" }),
    });
    expect(((await list.json()) as { cards: { card_id: string | null }[] }).cards.map((c) => c.card_id)).toEqual([card.card.id]);
    expect(await database.select({ n: count() }).from(cardIssuanceClaims)).toEqual([{ n: 0 }]);
    // The request refused during the outage left no record behind: its key is still free.
    expect(await database.select({ n: count() }).from(idempotencyRecords).where(eq(idempotencyRecords.key, "outage-during"))).toEqual([
      { n: 0 },
    ]);
  }, 180_000);
});
