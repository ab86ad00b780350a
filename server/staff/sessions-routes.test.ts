import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createSession, openSession } from "@/server/auth/session-store";
import type { StaffMember } from "@/server/auth/staff-repo";
import { db } from "@/server/db/client";
import { auditLog, staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { jsonRequest } from "@/server/testing/staff";

// The routes against the process database; only the cookie → member step is faked.
const session = vi.hoisted(() => ({ staff: null as (StaffMember & { sessionId?: string }) | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));

const own = await import("@/app/api/account/sessions/route");
const endOwn = await import("@/app/api/account/sessions/[id]/end/route");
const endAll = await import("@/app/api/staff/[id]/sessions/end/route");
const endOthers = await import("@/app/api/account/sessions/end-others/route");

const BASE = "http://localhost:3000";
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const post = (path: string) => jsonRequest(`${BASE}${path}`, {});

let database: Db;
let member: StaffMember;
let admin: StaffMember;

async function addStaff(email: string, role: "ops" | "admin"): Promise<StaffMember> {
  const [row] = await database
    .insert(staff)
    .values({ email, name: email.split("@")[0]!, role, passwordHash: "x" })
    .returning();
  return { id: row!.id, email, name: row!.name, role, status: "active" };
}

beforeAll(async () => {
  database = await db();
  member = await addStaff("sessions.member@example.com", "ops");
  admin = await addStaff("sessions.admin@example.com", "admin");
});

describe("own sessions", () => {
  it("lists only the caller's open sessions, the current one first and marked", async () => {
    const here = await createSession(database, member.id, {
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36",
      address: "127.0.0.1",
    });
    const there = await createSession(database, member.id, {
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Safari/604.1",
      address: "10.1.1.1",
    });
    await createSession(database, admin.id, { userAgent: "x", address: "10.9.9.9" });
    session.staff = { ...member, sessionId: here };
    const res = await own.GET(new Request(`${BASE}/api/account/sessions`));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.sessions.map((s: { id: string }) => s.id)).toEqual([here, there]);
    expect(body.sessions[0]).toMatchObject({ current: true, device: "Chrome on Linux" });
    expect(body.sessions[1]).toMatchObject({ current: false, device: "Safari on iOS", address: "10.1.1.1" });
  });

  it("ends another of one's own sessions; that session no longer opens; a second end is 404", async () => {
    const here = await createSession(database, member.id, { userAgent: "a", address: "127.0.0.1" });
    const there = await createSession(database, member.id, { userAgent: "b", address: "127.0.0.2" });
    session.staff = { ...member, sessionId: here };
    const res = await endOwn.POST(post(`/api/account/sessions/${there}/end`), ctx(there));
    expect(res.status).toBe(200);
    expect(await openSession(database, there)).toBeNull();
    expect(await openSession(database, here)).not.toBeNull();
    const again = await endOwn.POST(post(`/api/account/sessions/${there}/end`), ctx(there));
    expect(again.status).toBe(404);
  });

  it("cannot end someone else's session", async () => {
    const adminSession = await createSession(database, admin.id, { userAgent: "a", address: "127.0.0.1" });
    session.staff = { ...member };
    const res = await endOwn.POST(post(`/api/account/sessions/${adminSession}/end`), ctx(adminSession));
    expect(res.status).toBe(404);
    expect(await openSession(database, adminSession)).not.toBeNull();
  });

  it("names the field of a malformed session id", async () => {
    session.staff = { ...member };
    const res = await endOwn.POST(post(`/api/account/sessions/not-an-id/end`), ctx("not-an-id"));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { field: "id" } });
  });
});

describe("end all other sessions", () => {
  it("ends every other open session of the caller at once, keeps this one and no one else's, and audits it", async () => {
    const here = await createSession(database, member.id, { userAgent: "here", address: "127.0.0.1" });
    const others = await Promise.all(
      Array.from({ length: 15 }, (_, i) => createSession(database, member.id, { userAgent: `other ${i}`, address: "10.0.0.1" })),
    );
    const adminSession = await createSession(database, admin.id, { userAgent: "admin", address: "127.0.0.1" });
    session.staff = { ...member, sessionId: here };
    const res = await endOthers.POST(post("/api/account/sessions/end-others"), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    expect((await res.json()).ended).toBeGreaterThanOrEqual(15);
    expect(await openSession(database, here)).not.toBeNull();
    for (const id of others) expect(await openSession(database, id)).toBeNull();
    expect(await openSession(database, adminSession)).not.toBeNull();
    const [entry] = await database
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "account.sessions.end"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorEmail: member.email, outcome: "success", detail: { others: true } });
  });

  it("twenty at once end each session once and keep the current one", async () => {
    const fresh = await addStaff("sessions.twenty@example.com", "ops");
    const here = await createSession(database, fresh.id, { userAgent: "here", address: "127.0.0.1" });
    await Promise.all(Array.from({ length: 5 }, () => createSession(database, fresh.id, { userAgent: "x", address: "10.0.0.1" })));
    session.staff = { ...fresh, sessionId: here };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => endOthers.POST(post("/api/account/sessions/end-others"), { params: Promise.resolve({}) })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const total = (await Promise.all(answers.map((r) => r.json()))).reduce((sum, b: { ended: number }) => sum + b.ended, 0);
    expect(total).toBe(5);
    expect(await openSession(database, here)).not.toBeNull();
  });
});

describe("an administrator ends a member's sessions", () => {
  it("ends every open session of the member and audits it", async () => {
    const a = await createSession(database, member.id, { userAgent: "a", address: "127.0.0.1" });
    const b = await createSession(database, member.id, { userAgent: "b", address: "127.0.0.1" });
    session.staff = { ...admin, sessionId: await createSession(database, admin.id, { userAgent: "admin", address: "127.0.0.1" }) };
    const res = await endAll.POST(post(`/api/staff/${member.id}/sessions/end`), ctx(member.id));
    expect(res.status).toBe(200);
    expect((await res.json()).ended).toBeGreaterThanOrEqual(2);
    expect(await openSession(database, a)).toBeNull();
    expect(await openSession(database, b)).toBeNull();
    const entries = await database.select().from(auditLog).where(eq(auditLog.action, "staff.sessions.end"));
    expect(entries.at(-1)).toMatchObject({ actorEmail: admin.email, target: `staff:${member.email}`, outcome: "success" });
  });

  it("keeps the administrator's own current session when they end their own", async () => {
    const mine = await createSession(database, admin.id, { userAgent: "mine", address: "127.0.0.1" });
    const other = await createSession(database, admin.id, { userAgent: "other", address: "127.0.0.1" });
    session.staff = { ...admin, sessionId: mine };
    const res = await endAll.POST(post(`/api/staff/${admin.id}/sessions/end`), ctx(admin.id));
    expect(res.status).toBe(200);
    expect(await openSession(database, mine)).not.toBeNull();
    expect(await openSession(database, other)).toBeNull();
  });

  it("refuses a non-administrator with 403", async () => {
    session.staff = { ...member };
    const res = await endAll.POST(post(`/api/staff/${admin.id}/sessions/end`), ctx(admin.id));
    expect(res.status).toBe(403);
  });
});
