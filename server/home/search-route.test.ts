import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { fakeStaff } from "@/server/testing/staff";

const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));
vi.mock("@/server/audit/writer", () => ({ writeAuditQuietly: async () => {}, writeAudit: async () => {} }));

const searchRoute = await import("@/app/api/v1/search/route");
const { readCollection, readTransaction } = await import("@/server/finance/transactions");
const { db } = await import("@/server/db/client");
const { saveStatus } = await import("@/server/customers/verification-store");

const get = (q: string) => searchRoute.GET(new Request(`http://localhost:3000/api/v1/search?q=${encodeURIComponent(q)}`), { params: Promise.resolve({}) });
const results = async (q: string) => {
  const res = await get(q);
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: { kind: string; id: string; href: string }[] }).results;
};

beforeAll(async () => {
  // Reading through the finance services is what indexes an object.
  await readCollection(fakeStaff("finance"), "col_usd_0001");
  await readTransaction(fakeStaff("finance"), "txn_usd_0003");
  await saveStatus(await db(), "cus_search_0001", { status: "PENDING", canCreateCard: false, source: "check" });
});

beforeEach(() => {
  session.staff = fakeStaff("finance");
});

describe("GET /api/v1/search", () => {
  it("finds a collection account opened once by its account number", async () => {
    const found = await results("8012345678");
    expect(found).toContainEqual(expect.objectContaining({ kind: "collection", id: "col_usd_0001", href: "/collections/col_usd_0001" }));
  });

  it("finds a transaction by its reference, case-insensitively", async () => {
    const [transaction] = await (await db()).query.seenObjects.findMany({ where: (t, { eq }) => eq(t.id, "txn_usd_0003") });
    expect(transaction?.reference).toBeTruthy();
    const found = await results(transaction!.reference!.toLowerCase());
    expect(found).toContainEqual(expect.objectContaining({ kind: "transaction", id: "txn_usd_0003", href: "/transactions/txn_usd_0003" }));
  });

  it("returns only the kinds the role may open", async () => {
    session.staff = fakeStaff("ops");
    expect(await results("8012345678")).toEqual([]);
    const customers = await results("cus_search");
    expect(customers).toEqual([expect.objectContaining({ kind: "customer", id: "cus_search_0001", href: "/customers/cus_search_0001" })]);
    session.staff = fakeStaff("finance");
    expect(await results("cus_search")).toEqual([]);
  });

  it("offers the pages of the role only", async () => {
    session.staff = fakeStaff("finance");
    expect((await results("staff")).filter((r) => r.kind === "page")).toEqual([]);
    session.staff = fakeStaff("admin");
    expect(await results("staff")).toContainEqual(expect.objectContaining({ kind: "page", href: "/staff" }));
  });

  it("treats LIKE wildcards as text, not patterns", async () => {
    expect(await results("%")).toEqual([]);
    expect(await results("_")).toEqual([]);
  });

  it.each([
    ["a control character", "col\u0000usd"],
    ["a newline", "col\nusd"],
    ["an over-long text", "x".repeat(129)],
    ["an empty text", "   "],
  ])("answers 400 naming q for %s", async (_, q) => {
    const res = await get(q);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "invalid_request", field: "q" } });
  });

  it("answers 401 without a session", async () => {
    session.staff = null;
    expect((await get("col")).status).toBe(401);
  });
});
