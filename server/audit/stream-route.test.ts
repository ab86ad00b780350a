import { beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { fakeStaff } from "@/server/testing/staff";

// The real route and database; only the session is faked.
const TOKEN = "audit-stream-test-token-0123456789abcdef";
vi.stubEnv("AUDIT_STREAM_TOKEN", TOKEN);
const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", async (original) => ({
  ...(await original<object>()),
  currentStaff: async () => session.staff,
  currentSignIn: async () => null,
}));

const stream = await import("@/app/api/audit/stream/route");
const { writeAudit } = await import("./writer");
const { db } = await import("@/server/db/client");

const get = (query: string, headers: Record<string, string> = {}) =>
  stream.GET(new Request(`http://localhost:3000/api/audit/stream${query}`, { headers }));

beforeAll(async () => {
  for (let i = 0; i < 5; i++)
    await writeAudit({
      db: await db(),
      actor: { id: null, email: "ops@example.com", role: "ops" },
      action: "customer.update",
      target: `customer:c${i}`,
      outcome: "success",
      requestId: `r${i}`,
    });
}, 120_000);

describe("GET /api/audit/stream", () => {
  it("serves the log shipper's bearer token: NDJSON, oldest first, the next cursor in a header", async () => {
    const first = await get("?limit=2", { Authorization: `Bearer ${TOKEN}` });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const lines = (await first.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { seq: number; hash: string });
    expect(lines).toHaveLength(2);
    expect(lines[0]!.seq).toBeLessThan(lines[1]!.seq);
    expect(first.headers.get("x-next-cursor")).toBe(String(lines[1]!.seq));
    const next = await get(`?after=${lines[1]!.seq}&limit=1000`, { Authorization: `Bearer ${TOKEN}` });
    const rest = (await next.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { seq: number });
    expect(rest.every((l) => l.seq > lines[1]!.seq)).toBe(true);
  });

  it("refuses a wrong token with 401, whatever the session", async () => {
    session.staff = fakeStaff("admin");
    const res = await get("", { Authorization: `Bearer ${TOKEN}x` });
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain("customer.update");
    session.staff = null;
  });

  it("serves compliance and admins by their session, refuses other roles and no session", async () => {
    session.staff = null;
    expect((await get("")).status).toBe(401);
    session.staff = fakeStaff("ops");
    expect((await get("")).status).toBe(403);
    for (const role of ["compliance", "admin"] as const) {
      session.staff = fakeStaff(role);
      const res = await get("?limit=1");
      expect(res.status).toBe(200);
      expect((await res.text()).trim().split("\n")).toHaveLength(1);
    }
    session.staff = null;
  });

  it("answers 400 naming the field for a limit above 1000, through either door", async () => {
    const bearer = await get("?limit=5000", { Authorization: `Bearer ${TOKEN}` });
    expect(bearer.status).toBe(400);
    expect(await bearer.json()).toMatchObject({ error: { field: "limit" } });
    session.staff = fakeStaff("compliance");
    const staff = await get("?after=-1");
    expect(staff.status).toBe(400);
    expect(await staff.json()).toMatchObject({ error: { field: "after" } });
    session.staff = null;
  });

  it("answers the shipper as every route answers: a request id on each answer, refusals in the API's envelope", async () => {
    const refused = await get("", { Authorization: `Bearer ${TOKEN}x` });
    const invalid = await get("?limit=5000", { Authorization: `Bearer ${TOKEN}` });
    const served = await get("?limit=1", { Authorization: `Bearer ${TOKEN}` });
    for (const res of [refused, invalid, served]) {
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{32,36}$/);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="audit-stream"');
    for (const res of [refused, invalid]) expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await refused.json()).toEqual({
      error: { code: "unauthenticated", message: "Send the stream token as Authorization: Bearer <AUDIT_STREAM_TOKEN>." },
    });
  });
});
