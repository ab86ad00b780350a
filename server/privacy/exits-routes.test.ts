import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { auditLog } from "@/server/db/schema";
import { log } from "@/server/log";
import { withRouteFixture } from "@/server/testing/route-fixture";
import { jsonRequest } from "@/server/testing/staff";

// The real routes, database and embedded simulator answering what a misbehaving upstream would;
// only the session (and the step-up, tested elsewhere) is faked.
vi.mock("@/server/auth/session", () => import("@/server/testing/acting-member"));
vi.mock("@/server/auth/step-up", () => ({ requireRecentSecondFactor: async () => {} }));

const cards = await import("@/app/api/v1/cards/route");
const issued = await import("@/app/api/v1/customers/[id]/cards/route");
const transactions = await import("@/app/api/v1/transactions/[id]/route");
const bvn = await import("@/app/api/v1/identity/bvn/route");
const reveal = await import("@/app/api/v1/identity/bvn/lookups/[id]/reveal/route");
const auditExport = await import("@/app/api/audit/export/route");
const { saveStatus } = await import("@/server/customers/verification-store");

const BASE = "http://localhost:3000";
const { sim, actAs, member } = withRouteFixture({
  roles: ["ops", "compliance", "finance"],
  clear: ["card_issuances", "card_issuance_claims", "idempotency_records", "card_verification_state"],
});
const CARD = "4111111111111111";
const BVN = "22222222222";

beforeEach(async () => {
  await saveStatus({ db: await db(), customerId: "cus_approved", update: { status: "APPROVED", canCreateCard: true, source: "check" } });
});

async function asJson(response: Response) {
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> };
}

describe("card data from the upstream, by value", () => {
  it("drops a last4 holding a whole card number from the create answer and the issued-cards list, and logs the breach masked", async () => {
    const warn = vi.spyOn(log, "warn");
    sim.faults.add({
      operation: "POST /cards",
      body: { id: "card_breach_1", customer_id: "cus_approved", status: "active", last4: CARD },
      times: 1,
    });
    actAs("ops");
    const created = await asJson(
      await cards.POST(jsonRequest(`${BASE}/api/v1/cards`, { customer_id: "cus_approved" }, { "Idempotency-Key": "privacy-last4-1" })),
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ kind: "card", card: { id: "card_breach_1", last4: null } });
    expect(created.text).not.toContain(CARD);

    const list = await asJson(
      await issued.GET(new Request(`${BASE}/api/v1/customers/cus_approved/cards`), { params: Promise.resolve({ id: "cus_approved" }) }),
    );
    expect(list.body.cards).toMatchObject([{ card_id: "card_breach_1", card_last4: null }]);
    expect(list.text).not.toContain(CARD);

    const logged = JSON.stringify(warn.mock.calls);
    warn.mockRestore();
    expect(logged).toContain("last4");
    expect(logged).not.toContain(CARD);
  });

  it("never passes an upstream error text with a card number and CVV to the browser", async () => {
    sim.faults.add({
      operation: "GET /transactions/{id}",
      status: 400,
      body: { message: `Card ${CARD.replace(/(\d{4})(?=\d)/g, "$1 ")} cvv 123 is not valid`, values: { number: CARD } },
      times: 1,
    });
    actAs("finance");
    const answer = await asJson(
      await transactions.GET(new Request(`${BASE}/api/v1/transactions/txn_usd_0003`), { params: Promise.resolve({ id: "txn_usd_0003" }) }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: {
        code: "upstream_rejected_request",
        message: "The payments API rejected the request. Check the values and try again.",
        field: "number",
      },
    });
    expect(answer.text).not.toMatch(/4111|cvv/);
  });
});

describe("a BVN by value", () => {
  it.each([
    ["full-width", "２２２２２２２２２２２"],
    ["Arabic-Indic", "٢٢٢٢٢٢٢٢٢٢٢"],
    ["Devanagari", "२२२२२२२२२२२"],
  ])("refuses a purpose carrying a BVN in %s digits with a 400 naming purpose; nothing sent or audited", async (_name, digits) => {
    const database = await db();
    const before = (await database.select().from(auditLog)).length;
    actAs("compliance");
    const answer = await asJson(
      await bvn.POST(jsonRequest(`${BASE}/api/v1/identity/bvn`, { number: "22233344455", purpose: `KYC review of ${digits}` })),
    );
    expect(answer.status).toBe(400);
    expect((answer.body.error as { field: string }).field).toBe("purpose");
    expect(sim.stats.count("POST /identity/bvn")).toBe(0);
    expect((await database.select().from(auditLog)).length).toBe(before);
  });

  it("masks a BVN the upstream echoes in another field of the masked answer; the audited reveal shows the fields it reveals, and only those", async () => {
    const record = {
      bvn: BVN,
      reference: `echo ${BVN}`,
      first_name: "Ngozi",
      middle_name: "card 4111 1111 1111 1111 cvv 123",
      last_name: "Okafor",
      phone_number: "+2348031234567",
      enrollment_bank: "sk_live_0123456789abcdef",
    };
    sim.faults.add({ operation: "POST /identity/bvn", body: record, times: 1 });
    actAs("compliance");
    const looked = await asJson(
      await bvn.POST(jsonRequest(`${BASE}/api/v1/identity/bvn`, { number: BVN, purpose: "Case 2026-114: account opening" })),
    );
    expect(looked.status).toBe(200);
    expect(looked.body).toMatchObject({ masked: true, record: { bvn: "•••••••2222", reference: "echo •••••••2222", first_name: "Ngozi" } });
    expect(looked.text).not.toContain(BVN);

    const lookupId = looked.body.lookupId as string;
    const revealed = await asJson(
      await reveal.POST(jsonRequest(`${BASE}/api/v1/identity/bvn/lookups/${lookupId}/reveal`, {}), {
        params: Promise.resolve({ id: lookupId }),
      }),
    );
    expect(revealed.status).toBe(200);
    // The reveal is of the record's hidden fields: a card number, a key or the BVN again elsewhere in it is masked as in any answer.
    expect(revealed.body).toMatchObject({
      masked: false,
      record: {
        bvn: BVN,
        phone_number: "+2348031234567",
        reference: "echo •••••••2222",
        middle_name: "card •••••••1111 cvv •••",
        enrollment_bank: "[redacted]",
      },
    });
    expect(revealed.text).not.toMatch(/4111 1111|sk_live/);
  });

  it("keeps a BVN in any script out of the audit trail and its CSV, old entries included", async () => {
    const database = await db();
    const { writeAudit } = await import("@/server/audit/writer");
    await writeAudit({
      db: database,
      actor: member("compliance"),
      action: "privacy.test",
      target: "note:٢٢٢٢٢٢٢٢٢٢٢",
      outcome: "success",
      requestId: "req-privacy-1",
      detail: { note: "२२२२२२२२२२२", card: `${CARD} 123` },
    });
    const stored = JSON.stringify(await database.select().from(auditLog));
    expect(stored).not.toMatch(/٢٢٢٢٢٢٢٢٢٢٢|२२२२२२२२२२२|22222222222|4111111111111111/);

    // An entry written before the rule existed is masked on the way out.
    await database.execute(
      sql`INSERT INTO audit_log (occurred_at, request_id, action, outcome, detail, prev_hash, hash) VALUES (now(), 'req-privacy-2', 'privacy.old', 'success', ${JSON.stringify({ purpose: "case ２２２２２２２２２２２" })}::jsonb, 'x', 'y')`,
    );
    actAs("compliance");
    const csv = await (await auditExport.GET(new Request(`${BASE}/api/audit/export`))).text();
    expect(csv).toContain("privacy.old");
    expect(csv).toContain("•••••••2222");
    expect(csv).not.toMatch(/２２２２２２２２２２２|٢٢٢٢٢٢٢٢٢٢٢|२२२२२२२२२२२|22222222222|4111111111111111/);
  });
});
