import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { fakeStaff, jsonRequest } from "@/server/testing/staff";

const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
const audit = vi.hoisted(() => ({ entries: [] as { action: string; outcome: string }[] }));
const environment = vi.hoisted(() => ({ value: "sandbox" as "sandbox" | "production" }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));
vi.mock("@/server/audit/writer", () => ({
  writeAudit: async (e: { action: string; outcome: string }) => void audit.entries.push(e),
  writeAuditQuietly: async (e: { action: string; outcome: string }) => void audit.entries.push(e),
}));
vi.mock("@/server/finance/recent", () => ({ recordOpenedQuietly: async () => {} }));
vi.mock("@/server/finance/seen-objects", () => ({
  recordSeenQuietly: async () => {},
  readConfirmed: <T>({ read }: { read: () => Promise<T> }) => read(),
}));
vi.mock("@/server/env", async (original) => {
  const real = (await original()) as { env: () => Record<string, unknown> };
  return { ...real, env: () => ({ ...real.env(), environment: environment.value }) };
});

const bill = await import("@/app/api/v1/bills/[id]/route");
const reveal = await import("@/app/api/v1/bills/[id]/token/route");
const credit = await import("@/app/api/v1/checkouts/[accountNo]/credit/route");

const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });
const validCredit = {
  amount: 10.5,
  currency: "USD",
  collection_id: "col_usd_0001",
  sender: { account_name: "A", account_number: "123", bank_code: "058", bank_name: "B", narration: "n", reference: "REF-1" },
};

beforeEach(() => {
  session.staff = fakeStaff("finance");
  audit.entries = [];
  environment.value = "sandbox";
});

describe("bill token", () => {
  it("is withheld by GET and only returned by the audited reveal", async () => {
    const res = await bill.GET(new Request("http://localhost:3000/api/v1/bills/bill_elec_0001"), ctx({ id: "bill_elec_0001" }));
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(JSON.stringify(body)).not.toContain('"token"');
    expect(body.bill.has_token).toBe(true);
    expect(audit.entries).toHaveLength(0);
    const revealed = await reveal.POST(
      jsonRequest("http://localhost:3000/api/v1/bills/bill_elec_0001/token", {}),
      ctx({ id: "bill_elec_0001" }),
    );
    expect(revealed.status).toBe(200);
    expect((await revealed.json()).token).toEqual(expect.any(String));
    expect(audit.entries).toEqual([expect.objectContaining({ action: "bill.token.reveal", outcome: "success" })]);
  });
});

describe("credit simulation", () => {
  it("credits in the sandbox and audits it", async () => {
    const res = await credit.POST(
      jsonRequest("http://localhost:3000/api/v1/checkouts/8012345678/credit", validCredit),
      ctx({ accountNo: "8012345678" }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: expect.any(String), reference: expect.any(String) });
    expect(audit.entries).toEqual([expect.objectContaining({ action: "credit.simulate", outcome: "success" })]);
  });
  it("refuses invalid input with 400 naming the field", async () => {
    const res = await credit.POST(
      jsonRequest("http://localhost:3000/api/v1/checkouts/8012345678/credit", { ...validCredit, amount: -1 }),
      ctx({ accountNo: "8012345678" }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { field: "amount" } });
  });
  it("is refused in production whatever is sent", async () => {
    environment.value = "production";
    for (const body of [validCredit, {}, { amount: "lots" }]) {
      const res = await credit.POST(
        jsonRequest("http://localhost:3000/api/v1/checkouts/8012345678/credit", body),
        ctx({ accountNo: "8012345678" }),
      );
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: "sandbox_only" } });
    }
  });
});
