import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { webhookAuthHeaders } from "@/lib/contracts/webhooks";
import { readState } from "@/server/customers/verification-store";
import { db } from "@/server/db/client";
import { cardVerificationState } from "@/server/db/schema";
import { SEED } from "@/server/simulator/seed/ids";
import { withRouteFixture } from "@/server/testing/route-fixture";
import { jsonRequest } from "@/server/testing/staff";
import { webhookAuth } from "./secret";

// The real routes (webhook receiver, verification check, card creation), database and embedded
// simulator; only the staff session is faked.
vi.mock("@/server/auth/session", () => import("@/server/testing/acting-member"));
vi.mock("@/server/auth/step-up", () => ({ requireRecentSecondFactor: async () => {} }));

const webhook = await import("@/app/api/webhooks/card-verification/route");
const verification = await import("@/app/api/v1/customers/[id]/card-verification/route");
const cards = await import("@/app/api/v1/cards/route");

const BASE = "http://localhost:3000";
const { sim, actAs } = withRouteFixture({ roles: ["ops"], clear: ["card_verification_state"] });
const cardCalls = () => sim.stats.count("POST /cards");
const checkCalls = () => sim.stats.count("GET /customers/{id}/card-verification");
// The simulator holds this customer's verification as REJECTED.
const customer = SEED.customers.rejected;

let serial = 0;
async function deliver(status: string, decidedAt: string) {
  const body = JSON.stringify({ event_id: `evt_order_${++serial}`, customer_id: customer, status, decided_at: decidedAt });
  const auth = webhookAuth();
  if (!auth) throw new Error("the embedded simulator always has a webhook secret");
  const response = await webhook.POST(
    new Request(`${BASE}/api/webhooks/card-verification`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(await webhookAuthHeaders(auth, body)) },
      body,
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function view(refresh: boolean) {
  actAs("ops");
  const url = `${BASE}/api/v1/customers/${customer}/card-verification${refresh ? "?refresh=1" : ""}`;
  const response = await verification.GET(new Request(url), { params: Promise.resolve({ id: customer }) });
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string | null; approved: boolean; source: string | null };
}

async function createCard(key: string) {
  actAs("ops");
  const response = await cards.POST(jsonRequest(`${BASE}/api/v1/cards`, { customer_id: customer }, { "Idempotency-Key": key }));
  return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
}

const stored = async () => readState({ db: await db(), customerId: customer });
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe("webhooks cannot move time; a fetched status outranks older webhooks", () => {
  it("refuses a far-future decision; after a real decision, a fresh check's REJECTED is shown and blocks card creation upstream", async () => {
    // A decision dated far ahead would freeze the state: refused, nothing stored.
    expect(await deliver("APPROVED", "2999-01-01T00:00:00Z")).toMatchObject({ status: 400, body: { error: { field: "decided_at" } } });
    expect(await stored()).toBeNull();

    // A real decision, dated a little ahead (the provider's clock runs 4 minutes fast): accepted.
    expect(await deliver("approved", minutesFromNow(4))).toMatchObject({ status: 200, body: { applied: true } });
    expect(await stored()).toMatchObject({ status: "APPROVED", canCreateCard: true, statusSource: "webhook" });

    // The provider, asked afterwards, answers REJECTED: that is what the page shows from now on.
    expect(await view(true)).toMatchObject({ status: "REJECTED", approved: false, source: "check" });
    expect(checkCalls()).toBe(1);
    expect(await view(false)).toMatchObject({ status: "REJECTED", source: "check" });

    // A late delivery of a decision made before the check changes nothing.
    expect(await deliver("APPROVED", minutesFromNow(-1))).toMatchObject({ status: 200, body: { applied: false } });
    expect(await view(false)).toMatchObject({ status: "REJECTED", source: "check" });

    // And the server's card rule reads the same answer: refused without a call upstream.
    expect(await createCard("intent-after-check")).toMatchObject({ status: 409, body: { error: { code: "verification_not_approved" } } });
    expect(cardCalls()).toBe(0);

    // A decision received after the check, and made after it, still updates the state.
    expect(await deliver("APPROVED", minutesFromNow(0))).toMatchObject({ status: 200, body: { applied: true } });
    expect(await view(false)).toMatchObject({ status: "APPROVED", source: "webhook" });
    expect(checkCalls()).toBe(1);
  });

  it("answers a decided_at in year 0 with a 400 naming decided_at, not a 500", async () => {
    expect(await deliver("APPROVED", "0000-01-01T00:00:00Z")).toMatchObject({
      status: 400,
      body: { error: { code: "malformed_event", field: "decided_at" } },
    });
    expect(await stored()).toBeNull();
  });

  it("unfreezes, by its migration, a status an earlier far-future decision froze: the next decision applies", async () => {
    const database = await db();
    await database.insert(cardVerificationState).values({
      customerId: customer,
      status: "APPROVED",
      canCreateCard: true,
      statusSource: "webhook",
      statusAsOf: new Date("2999-01-01T00:00:00Z"),
      updatedAt: new Date(Date.now() - 3_600_000),
    });
    const migration = await readFile(path.join(process.cwd(), "server/db/migrations/0020_verification_time_bounds.sql"), "utf8");
    await database.execute(sql.raw(migration));
    expect(await deliver("REJECTED", minutesFromNow(0))).toMatchObject({ status: 200, body: { applied: true } });
    expect(await stored()).toMatchObject({ status: "REJECTED", canCreateCard: false });
    expect(await createCard("intent-after-repair")).toMatchObject({ status: 409, body: { error: { code: "verification_not_approved" } } });
    expect(cardCalls()).toBe(0);
  });
});
