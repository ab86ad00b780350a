import { AsyncLocalStorage } from "node:async_hooks";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { db } from "@/server/db/client";
import { addressAllowlist, auditLog } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { demoMember } from "@/server/testing/demo-accounts";
import { jsonRequest } from "@/server/testing/staff";

// The real routes and database; only the session is faked. TRUST_PROXY is off (the default): the
// single X-Forwarded-For address is what Next wrote from the socket.
type Member = StaffMember & { sessionId: string; mustChangePassword: boolean };
const session = vi.hoisted(() => ({ current: null as (() => unknown) | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.current?.() ?? null }));
const stepUps = vi.hoisted(() => ({ refuse: false, count: 0 }));
vi.mock("@/server/auth/step-up", async () => {
  const { AppError } = await import("@/lib/errors");
  return {
    requireRecentSecondFactor: async () => {
      stepUps.count += 1;
      if (stepUps.refuse) throw new AppError({ status: 403, code: "step_up_required", message: "Confirm it is you." });
    },
  };
});

const allowlistRoute = await import("@/app/api/settings/allowlist/route");
const listAlerts = await import("@/app/api/security-alerts/route");

const BASE = "http://localhost:3000";
const ADMIN_ADDRESS = "192.0.2.10";
const als = new AsyncLocalStorage<Member>();
session.current = () => als.getStore() ?? null;
const as = <T>(member: Member, run: () => Promise<T>) => als.run(member, run);
const signedIn = (m: StaffMember, tag: string): Member => ({ ...m, sessionId: `session-${tag}`, mustChangePassword: false });

const put = (member: Member, ranges: unknown, from = ADMIN_ADDRESS) =>
  as(member, () =>
    allowlistRoute.PUT(
      new Request(jsonRequest(`${BASE}/api/settings/allowlist`, { ranges }, { "X-Forwarded-For": from }), { method: "PUT" }),
    ),
  );
const get = (member: Member, from: string) =>
  as(member, () => allowlistRoute.GET(new Request(`${BASE}/api/settings/allowlist`, { headers: { "X-Forwarded-For": from } })));

let database: Db;
let admin: Member;
let finance: Member;

beforeAll(async () => {
  database = await db();
  admin = signedIn(await demoMember("admin"), "admin");
  finance = signedIn(await demoMember("finance"), "finance");
}, 180_000);

afterAll(async () => {
  await database.delete(addressAllowlist);
});

describe("PUT /api/settings/allowlist", () => {
  it("shows the admin the address the server sees, and an empty list to start with", async () => {
    const res = await get(admin, ADMIN_ADDRESS);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ranges: [], your_address: ADMIN_ADDRESS, updated_at: null });
  });

  it("refuses a malformed range with a 400 naming the entry and its place", async () => {
    const res = await put(admin, ["192.0.2.0/24", "10.0.0.0/33"]);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; field: string; message: string } };
    expect(error.code).toBe("invalid_request");
    expect(error.field).toBe("ranges.1");
    expect(error.message).toContain('"10.0.0.0/33"');
  });

  it("refuses a list without the admin's own address (409), and saves nothing", async () => {
    const res = await put(admin, ["10.0.0.0/8", "2001:db8::/32"]);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("allowlist_would_lock_out");
    expect(await database.select().from(addressAllowlist)).toEqual([]);
  });

  it("asks for the second factor before changing anything", async () => {
    stepUps.refuse = true;
    try {
      const res = await put(admin, ["192.0.2.0/24"]);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("step_up_required");
      expect(await database.select().from(addressAllowlist)).toEqual([]);
    } finally {
      stepUps.refuse = false;
    }
  });

  it("saves a list holding the admin's address, canonical, and audits the old and new lists", async () => {
    const res = await put(admin, [" 192.0.2.0/24 ", "2001:DB8::/32", "192.0.2.0/24", "::ffff:10.0.0.0/104"]);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ranges: ["192.0.2.0/24", "2001:db8::/32", "10.0.0.0/8"], your_address: ADMIN_ADDRESS });
    const [entry] = await database
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "allowlist.update"), eq(auditLog.outcome, "success")))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.actorEmail).toBe(admin.email);
    expect(entry?.detail).toEqual({ before: [], after: ["192.0.2.0/24", "2001:db8::/32", "10.0.0.0/8"] });
  });

  it("then refuses every route from an address outside it (403, naming nothing), before the session", async () => {
    for (const from of ["198.51.100.1", "2001:db9::1", "unknown-garbage"]) {
      const res = await get(admin, from);
      expect(res.status, from).toBe(403);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("address_not_allowed");
      expect(body.error.message).not.toContain("192.0.2");
    }
    const anonymous = await listAlerts.GET(new Request(`${BASE}/api/security-alerts`, { headers: { "X-Forwarded-For": "198.51.100.1" } }));
    expect(anonymous.status).toBe(403);
  });

  it("lets in the same address in its IPv4-mapped IPv6 form, and an IPv6 address inside the list", async () => {
    expect((await get(admin, "::ffff:10.20.30.40")).status).toBe(200);
    expect((await get(admin, "2001:db8::42")).status).toBe(200);
  });

  it("is for administrators only", async () => {
    expect((await put(finance, [])).status).toBe(403);
    expect((await get(finance, ADMIN_ADDRESS)).status).toBe(403);
  });

  it("an empty list lifts the restriction", async () => {
    expect((await put(admin, [])).status).toBe(200);
    expect((await get(admin, "198.51.100.1")).status).toBe(200);
  });
});
