import { describe, expect, it, vi } from "vitest";
import { cardWindowSchema } from "@/lib/finance/card-window";
import type { StaffMember } from "@/server/auth/staff-repo";
import { fakeStaff } from "@/server/testing/staff";

// The app in the provider's paged mode; the embedded sandbox then pages its lists too.
vi.stubEnv("BUSINESS_API_LIST_PAGING", "page-limit");

const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));
vi.mock("@/server/audit/writer", () => ({ writeAudit: async () => {}, writeAuditQuietly: async () => {} }));
vi.mock("@/server/finance/recent", () => ({ recordOpenedQuietly: async () => {} }));

const list = await import("@/app/api/v1/cards/[id]/transactions/route");
const { embeddedSimulator } = await import("@/server/upstream/embedded-simulator");

describe("GET /api/v1/cards/{id}/transactions with BUSINESS_API_LIST_PAGING=page-limit", () => {
  it("reads the busy card page by page and answers the same count and newest-first window", async () => {
    session.staff = fakeStaff("finance");
    const res = await list.GET(new Request("http://localhost:3000/api/v1/cards/card_busy_0001/transactions"), {
      params: Promise.resolve({ id: "card_busy_0001" }),
    });
    expect(res.status).toBe(200);
    const window = cardWindowSchema.parse(await res.json());
    expect(window.snapshot.total).toBe(5_200);
    expect(window.matched).toBe(5_200);
    const times = window.rows.map((r) => Date.parse(r.created_at!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // 52 pages of 100 and the empty page that ends the read.
    expect(embeddedSimulator().stats.count("GET /cards/{id}/transactions")).toBe(53);
  });
});
