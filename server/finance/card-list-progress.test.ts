import { describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { fakeStaff } from "@/server/testing/staff";

const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));
vi.mock("@/server/audit/writer", () => ({ writeAudit: async () => {}, writeAuditQuietly: async () => {} }));
vi.mock("@/server/finance/recent", () => ({ recordOpenedQuietly: async () => {} }));

const list = await import("@/app/api/v1/cards/[id]/transactions/route");
const progress = await import("@/app/api/v1/cards/[id]/transactions/progress/route");

const CARD = "card_synth_30000";
const ctx = { params: Promise.resolve({ id: CARD }) };
const rowsRead = async () =>
  (
    (await (await progress.GET(new Request(`http://localhost:3000/api/v1/cards/${CARD}/transactions/progress`), ctx)).json()) as {
      rowsRead: number | null;
    }
  ).rowsRead;

describe("GET /api/v1/cards/{id}/transactions/progress", () => {
  it("counts the rows read while a cold list loads, and answers null when none is loading", async () => {
    session.staff = fakeStaff("finance");
    expect(await rowsRead()).toBeNull();
    let done = false;
    const loading = list.GET(new Request(`http://localhost:3000/api/v1/cards/${CARD}/transactions`), ctx).finally(() => (done = true));
    const seen: number[] = [];
    while (!done) {
      const n = await rowsRead();
      if (n !== null) seen.push(n);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect((await loading).status).toBe(200);
    expect(seen.some((n) => n > 0 && n < 30_000)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(await rowsRead()).toBeNull();
  });

  it("is refused to a role without finance access", async () => {
    session.staff = fakeStaff("ops");
    expect((await progress.GET(new Request(`http://localhost:3000/api/v1/cards/${CARD}/transactions/progress`), ctx)).status).toBe(403);
  });
});
