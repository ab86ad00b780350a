import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { raiseAlert } from "@/server/audit/alert-rules";
import { type StaffMember, upsertStaff } from "@/server/auth/staff-repo";
import { db } from "@/server/db/client";
import { auditLog } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { demoMember } from "@/server/testing/demo-accounts";
import { jsonRequest } from "@/server/testing/staff";

type Member = StaffMember & { sessionId: string; mustChangePassword: boolean };
const session = vi.hoisted(() => ({ current: null as (() => unknown) | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.current?.() ?? null }));

const list = await import("@/app/api/security-alerts/route");
const acknowledge = await import("@/app/api/security-alerts/[id]/acknowledge/route");

const BASE = "http://localhost:3000";
const als = new AsyncLocalStorage<Member>();
session.current = () => als.getStore() ?? null;
const as = <T>(member: Member, run: () => Promise<T>) => als.run(member, run);
const signedIn = (m: StaffMember, tag: string): Member => ({ ...m, sessionId: `session-${tag}`, mustChangePassword: false });
const ack = (member: Member, id: string) =>
  as(member, () => acknowledge.POST(jsonRequest(`${BASE}/api/security-alerts/${id}/acknowledge`, {}), { params: Promise.resolve({ id }) }));
const listAs = async (member: Member, status?: string) => {
  const res = await as(member, () => list.GET(new Request(`${BASE}/api/security-alerts${status ? `?status=${status}` : ""}`)));
  return { status: res.status, body: (await res.json()) as { alerts: { id: string; acknowledged_by: string | null }[] } };
};

let database: Db;
let admin: Member;
let secondAdmin: Member;
let ops: Member;

beforeAll(async () => {
  database = await db();
  admin = signedIn(await demoMember("admin"), "admin");
  ops = signedIn(await demoMember("ops"), "ops");
  secondAdmin = signedIn(
    await upsertStaff(database, {
      email: "second.admin@example.com",
      name: "Second Admin",
      role: "admin",
      password: "a-long-enough-password-1",
    }),
    "second-admin",
  );
}, 180_000);

describe("security alerts API", () => {
  it("lists open alerts to admins only, and acknowledging moves one to the acknowledged list, audited once", async () => {
    const id = (await raiseAlert({ db: database, rule: "second_factor_reset", subject: "staff:someone", windowKey: "r1", details: {} }))!;
    expect((await listAs(admin, "open")).body.alerts.map((a) => a.id)).toContain(id);
    expect((await listAs(ops, "open")).status).toBe(403);

    const [first, second] = await Promise.all([ack(admin, id), ack(secondAdmin, id)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const names = [first, second].map(async (r) => ((await r.json()) as { alert: { acknowledged_by: string } }).alert.acknowledged_by);
    const [a, b] = await Promise.all(names);
    expect(a).toBe(b); // both see whoever acknowledged first
    expect([admin.name, secondAdmin.name]).toContain(a);

    expect((await listAs(admin, "open")).body.alerts.map((x) => x.id)).not.toContain(id);
    expect((await listAs(admin, "acknowledged")).body.alerts.map((x) => x.id)).toContain(id);
    const audited = await database
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "security_alert.acknowledge"), eq(auditLog.target, `security_alert:${id}`)));
    expect(audited).toHaveLength(1);
  });

  it("an alert that does not exist is a 404; an id that is not one is a 400", async () => {
    expect((await ack(admin, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await ack(admin, "not-a-uuid")).status).toBe(400);
  });
});
