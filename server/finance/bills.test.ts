import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { billViewSchema } from "@/lib/contracts/finance";
import { billSchema } from "@/lib/schemas";
import type { StaffMember } from "@/server/auth/staff-repo";
import { db } from "@/server/db/client";
import { seenObjects } from "@/server/db/schema";
import { fakeStaff, jsonRequest } from "@/server/testing/staff";
import { embeddedSimulator } from "@/server/upstream/embedded-simulator";

// The real routes, database and embedded simulator; the simulator's answer is replaced per test.
const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
const audit = vi.hoisted(() => ({ entries: [] as { action: string; outcome: string }[] }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));
vi.mock("@/server/audit/writer", () => ({
  writeAudit: async (e: { action: string; outcome: string }) => void audit.entries.push(e),
  writeAuditQuietly: async (e: { action: string; outcome: string }) => void audit.entries.push(e),
}));

const billRoute = await import("@/app/api/v1/bills/[id]/route");
const revealRoute = await import("@/app/api/v1/bills/[id]/token/route");
const { toBillView } = await import("./bills");

const sim = embeddedSimulator();
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const read = (id: string) => billRoute.GET(new Request(`http://localhost:3000/api/v1/bills/${id}`), ctx(id));
const reveal = (id: string) => revealRoute.POST(jsonRequest(`http://localhost:3000/api/v1/bills/${id}/token`, {}), ctx(id));
const seen = async (id: string) => (await (await db()).select().from(seenObjects).where(eq(seenObjects.id, id)))[0];

const TOKEN = "4821-0937-5562-1184-0273";
/** The token's digits in any of the ways the upstream's text may write them. */
const TOKEN_DIGITS = /4821.?0937.?5562.?1184.?0273|48210937556211840273/;

beforeAll(async () => {
  await db();
});

beforeEach(() => {
  session.staff = fakeStaff("finance");
  audit.entries = [];
  sim.faults.clear();
});

describe("a bill whose token is repeated in its other fields", () => {
  it("is read without the token anywhere, indexed without it, and the token still comes only with the audited reveal", async () => {
    const upstreamBill = {
      id: "bill_tok_1",
      reference: "TOK 48210937556211840273",
      detail: `Ikeja Electric token ${TOKEN}`,
      report_message: "Token: 4821 0937 5562 1184 0273 sent by SMS",
      bill: { bill_code: "IKEDC", bill_name: "Ikeja Electric", name: "Ikeja Electric Prepaid", token: TOKEN },
    };
    sim.faults.add({ operation: "GET /bills/{id}", body: upstreamBill, times: 2 });

    const res = await read("bill_tok_1");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(JSON.stringify(body)).not.toMatch(TOKEN_DIGITS);
    expect(body).toMatchObject({
      detail: "Ikeja Electric token ••••-••••-••••-••••-••••",
      report_message: "Token: •••• •••• •••• •••• •••• sent by SMS",
      bill: { bill_name: "Ikeja Electric", has_token: true },
    });
    expect(audit.entries).toEqual([]);

    const row = await seen("bill_tok_1");
    expect(row).toBeDefined();
    expect(JSON.stringify([row!.reference, row!.label])).not.toMatch(TOKEN_DIGITS);

    const revealed = await reveal("bill_tok_1");
    expect(revealed.status).toBe(200);
    expect(await revealed.json()).toEqual({ token: TOKEN });
    expect(audit.entries).toEqual([expect.objectContaining({ action: "bill.token.reveal", outcome: "success" })]);
  });
});

describe("toBillView", () => {
  const bill = (detail: string, token: string | null) =>
    billSchema.parse({ id: "bill_1", detail, bill: { bill_code: "X", name: `Prepaid for ${detail}`, token } });

  it.each([
    ["with its dashes", `token ${TOKEN}`],
    ["whole", "token 48210937556211840273"],
    ["in groups of five", "token 48210 93755 62118 40273"],
    ["in full-width digits", "token ４８２１-０９３７-５５６２-１１８４-０２７３"],
    ["glued to a word", "TOKEN:48210937556211840273."],
  ])("withholds the token written %s in every other field", (_how, detail) => {
    const view = toBillView(bill(detail, TOKEN));
    expect(JSON.stringify(view)).not.toMatch(TOKEN_DIGITS);
    expect(JSON.stringify(view)).not.toMatch(/[４８２１]{4}/);
    expect(view.detail).toMatch(/^(token|TOKEN:) ?•/);
    expect(view.detail).not.toMatch(/\d/);
    expect(view.bill?.name).toMatch(/^Prepaid for (token|TOKEN:) ?•/);
  });

  it("withholds a token with letters whatever their case, and leaves the rest of the text as sent", () => {
    const view = toBillView(bill("MTN-VTU airtime, PIN vtu 8f2k 19qx 77pd", "VTU-8F2K-19QX-77PD"));
    expect(view.detail).toBe("MTN-VTU airtime, PIN ••• •••• •••• ••••");
  });

  it("keeps every withheld text within its contract's bound, and the bill's dates as sent", () => {
    const detail = "2026 ".repeat(200);
    const view = toBillView(billSchema.parse({ id: "bill_2", detail, created_at: "2026-10-29T10:12:33.000Z", bill: { token: "2026" } }));
    expect(view.detail).toBe("•••• ".repeat(200));
    expect(billViewSchema.safeParse(view).success).toBe(true);
    expect(view.created_at).toBe("2026-10-29T10:12:33.000Z");
  });

  it("changes nothing when the token is not repeated, or there is none", () => {
    const sent = "Ikeja Electric prepaid meter 45071829364";
    expect(toBillView(bill(sent, TOKEN)).detail).toBe(sent);
    expect(toBillView(bill(sent, null)).detail).toBe(sent);
    expect(toBillView(bill(sent, "")).detail).toBe(sent);
  });

  it("withholds a short PIN only where it stands alone, not inside other numbers", () => {
    const view = toBillView(bill("PIN 1234 for meter 4512345", "1234"));
    expect(view.detail).toBe("PIN •••• for meter 4512345");
  });
});
