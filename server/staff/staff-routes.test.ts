import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { findStaffByEmail, type StaffMember } from "@/server/auth/staff-repo";
import { db } from "@/server/db/client";
import { demoMember } from "@/server/testing/demo-accounts";
import { jsonRequest } from "@/server/testing/staff";

// The routes against the process database (which holds the demo accounts); only the session is faked.
const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));
// The fake member has no server-side session; step-up is tested in server/auth/second-factor.test.ts.
vi.mock("@/server/auth/step-up", () => ({ requireRecentSecondFactor: async () => {} }));

const list = await import("@/app/api/staff/route");
const one = await import("@/app/api/staff/[id]/route");

const BASE = "http://localhost:3000";
const patch = (id: string, body: unknown) => new Request(jsonRequest(`${BASE}/api/staff/${id}`, body), { method: "PATCH" });
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

let admin: StaffMember;

beforeAll(async () => {
  admin = await demoMember("admin");
});
beforeEach(() => {
  session.staff = admin;
});

describe("staff routes", () => {
  it("lists staff without secrets", async () => {
    const res = await list.GET(new Request(`${BASE}/api/staff`));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.staff.map((s: { email: string }) => s.email)).toContain("admin@example.com");
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt/i);
  });

  it("validates the body and names the field", async () => {
    const res = await list.POST(
      jsonRequest(`${BASE}/api/staff`, { email: "short.pw@example.com", name: "Short", role: "ops", password: "short" }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { field: "password" } });
  });

  it("creates once, then answers 409 staff_exists on the email field", async () => {
    const body = { email: "Route.Test@Example.com", name: "Route Test", role: "ops", generatePassword: true };
    const first = await list.POST(jsonRequest(`${BASE}/api/staff`, body));
    expect(first.status).toBe(200);
    const created = await first.json();
    expect(created).toMatchObject({ member: { email: "route.test@example.com", role: "ops" }, generatedPassword: expect.any(String) });
    expect(first.headers.get("cache-control")).toContain("no-store");
    const again = await list.POST(jsonRequest(`${BASE}/api/staff`, body));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: { code: "staff_exists", field: "email", message: expect.stringMatching(/already exists/) },
    });
  });

  it("refuses to disable or demote the last active admin with 409 last_admin", async () => {
    for (const change of [{ status: "disabled" }, { role: "finance" }]) {
      const res = await one.PATCH(patch(admin.id, change), ctx(admin.id));
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        error: { code: "last_admin", message: expect.stringMatching(/last active administrator/) },
      });
    }
    expect(await findStaffByEmail(await db(), "admin@example.com")).toMatchObject({ role: "admin", status: "active" });
  });

  it("refuses an empty change and a malformed id with 400", async () => {
    expect((await one.PATCH(patch(admin.id, {}), ctx(admin.id))).status).toBe(400);
    expect((await one.PATCH(patch("not-a-uuid", { role: "ops" }), ctx("not-a-uuid"))).status).toBe(400);
  });
});
