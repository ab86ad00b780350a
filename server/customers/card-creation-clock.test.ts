import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { db } from "@/server/db/client";
import { cardIssuanceClaims, cardIssuances, idempotencyRecords } from "@/server/db/schema";
import { embeddedSimulator } from "@/server/upstream/embedded-simulator";
import { demoMember } from "@/server/testing/demo-accounts";
import { jsonRequest } from "@/server/testing/staff";
import { saveStatus } from "./verification-store";

// The database's clock, read before `POST /cards` for the legacy answer's date, fails on demand.
const clock = vi.hoisted(() => ({ failNext: null as Error | null }));
vi.mock("@/server/db/clock", async (original) => {
  const real = await original<typeof import("@/server/db/clock")>();
  return {
    ...real,
    databaseNow: async (...args: Parameters<typeof real.databaseNow>) => {
      const failure = clock.failNext;
      clock.failNext = null;
      if (failure) throw failure;
      return real.databaseNow(...args);
    },
  };
});
const member = vi.hoisted(() => ({ current: null as StaffMember | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => member.current }));
vi.mock("@/server/auth/step-up", () => ({ requireRecentSecondFactor: async () => {} }));

const cards = await import("@/app/api/v1/cards/route");
const BASE = "http://localhost:3000";
const sim = embeddedSimulator();

beforeAll(async () => {
  member.current = await demoMember("ops");
  const database = await db();
  await saveStatus({ db: database, customerId: "cus_approved", update: { status: "APPROVED", canCreateCard: true, source: "check" } });
});

describe("POST /api/v1/cards when the database's clock cannot be read", () => {
  it("answers a clear 503, sends nothing, records no unknown outcome, and the same key then works", async () => {
    sim.faults.clear();
    sim.stats.reset();
    const database = await db();
    const key = "intent-clock-down";
    // What node-postgres throws when the server goes away mid-statement.
    clock.failNext = new Error("Connection terminated unexpectedly");

    const failed = await cards.POST(jsonRequest(`${BASE}/api/v1/cards`, { customer_id: "cus_approved" }, { "Idempotency-Key": key }));
    expect(failed.status).toBe(503);
    expect(Number(failed.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await failed.json()).toMatchObject({ error: { code: "database_unavailable" } });
    expect(sim.stats.count("POST /cards")).toBe(0);
    // Nothing remembered: no outcome for the key, no issuance (unknown or other), no claim left on the customer.
    expect(
      await database
        .select()
        .from(idempotencyRecords)
        .where(and(eq(idempotencyRecords.key, key))),
    ).toEqual([]);
    expect(await database.select().from(cardIssuances).where(eq(cardIssuances.customerId, "cus_approved"))).toEqual([]);
    expect(await database.select().from(cardIssuanceClaims)).toEqual([]);

    const retried = await cards.POST(jsonRequest(`${BASE}/api/v1/cards`, { customer_id: "cus_approved" }, { "Idempotency-Key": key }));
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ kind: "card", card: { id: expect.any(String) } });
    expect(retried.headers.get("Idempotent-Replayed")).toBeNull();
    expect(sim.stats.count("POST /cards")).toBe(1);
    const issued = await database.execute(sql`SELECT outcome FROM card_issuances WHERE customer_id = 'cus_approved'`);
    expect((issued as unknown as { rows: { outcome: string }[] }).rows).toEqual([{ outcome: "issued" }]);
  });
});
