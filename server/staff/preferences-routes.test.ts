import Papa from "papaparse";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "@/server/auth/password";
import { createSession } from "@/server/auth/session-store";
import { toMember, type StaffMember } from "@/server/auth/staff-repo";
import { db } from "@/server/db/client";
import { auditLog, staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { jsonRequest } from "@/server/testing/staff";

// The routes against the process database; only the cookie is faked, the member is read from the
// stored session as currentStaff does, so a saved zone shows in the next request's member.
const cookie = vi.hoisted(() => ({ sid: null as string | null }));
vi.mock("@/server/auth/session", async () => (await import("@/server/testing/stored-session")).storedSessionModule(cookie));

const preferences = await import("@/app/api/account/preferences/route");
const me = await import("@/app/api/me/route");
const auditList = await import("@/app/api/audit/route");
const auditExport = await import("@/app/api/audit/export/route");

const BASE = "http://localhost:3000";
const client = { address: "10.77.0.2", userAgent: "vitest" };
let database: Db;

async function signedIn(email: string, role: "ops" | "compliance" = "ops"): Promise<StaffMember> {
  const [row] = await database
    .insert(staff)
    .values({ email, name: email.split("@")[0]!, role, passwordHash: await hashPassword("tz-test-password-1") })
    .returning();
  cookie.sid = await createSession(database, row!.id, client);
  return toMember(row!);
}

const patch = (body: unknown) => preferences.PATCH(new Request(jsonRequest(`${BASE}/api/account/preferences`, body), { method: "PATCH" }));
const get = async () => (await preferences.GET(new Request(`${BASE}/api/account/preferences`))).json();

beforeAll(async () => {
  database = await db();
});

describe("a staff member's time zone", () => {
  it("starts unset, is saved, read back, carried by /api/me and audited", async () => {
    const member = await signedIn("tz.saver@example.com");
    expect(await get()).toEqual({ timeZone: null });
    const res = await patch({ timeZone: "Africa/Lagos" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ timeZone: "Africa/Lagos" });
    expect(await get()).toEqual({ timeZone: "Africa/Lagos" });
    expect(await (await me.GET(new Request(`${BASE}/api/me`))).json()).toMatchObject({ email: member.email, timeZone: "Africa/Lagos" });
    const entries = await database
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "account.preferences.update"), eq(auditLog.actorEmail, member.email)));
    expect(entries.map((e) => [e.outcome, e.detail])).toEqual([["success", { timeZone: { from: null, to: "Africa/Lagos" } }]]);

    // Back to following the browser.
    expect((await patch({ timeZone: null })).status).toBe(200);
    expect(await get()).toEqual({ timeZone: null });
  });

  it("refuses what is not a zone with a 400 naming timeZone, and keeps the saved one", async () => {
    await signedIn("tz.hostile@example.com");
    await patch({ timeZone: "America/New_York" });
    const hostile = [
      "Mars/Olympus",
      "",
      "EST",
      "'; DROP TABLE staff; --",
      "Africa/Lagos\u0000",
      "<img src=x onerror=alert(1)>",
      "../../etc/passwd",
      "A/".repeat(40),
      42,
      true,
      { zone: "UTC" },
      ["UTC"],
    ];
    for (const timeZone of hostile) {
      const res = await patch({ timeZone });
      expect(res.status, JSON.stringify(timeZone)).toBe(400);
      expect((await res.json()).error, JSON.stringify(timeZone)).toMatchObject({ field: "timeZone" });
    }
    const missing = await patch({});
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({ field: "timeZone" });
    expect(await get()).toEqual({ timeZone: "America/New_York" });
  });

  it("changes only the member's own zone", async () => {
    const first = await signedIn("tz.first@example.com");
    await patch({ timeZone: "Asia/Tokyo" });
    await signedIn("tz.second@example.com");
    await patch({ timeZone: "Europe/Berlin" });
    const [row] = await database.select({ timeZone: staff.timeZone }).from(staff).where(eq(staff.id, first.id));
    expect(row?.timeZone).toBe("Asia/Tokyo");
    expect(await get()).toEqual({ timeZone: "Europe/Berlin" });
  });

  it("answers 401 without a session", async () => {
    cookie.sid = null;
    expect((await preferences.GET(new Request(`${BASE}/api/account/preferences`))).status).toBe(401);
    expect((await patch({ timeZone: "UTC" })).status).toBe(401);
  });
});

describe("audit filters in the staff member's zone", () => {
  const ACTOR = "tz.probe@example.com";
  const list = async (search: string) => {
    const res = await auditList.GET(new Request(`${BASE}/api/audit?staff=${ACTOR}${search}`));
    expect(res.status).toBe(200);
    return ((await res.json()) as { entries: { requestId: string }[] }).entries.map((e) => e.requestId).sort();
  };

  beforeAll(async () => {
    // 31 Oct 23:32 UTC is already 1 Nov in Lagos; 31 Oct 22:59 UTC is still 31 Oct there.
    for (const [id, at] of [
      ["late", "2026-10-31T23:32:00Z"],
      ["evening", "2026-10-31T22:59:00Z"],
      ["next", "2026-11-01T23:30:00Z"],
    ]) {
      await database.execute(
        sql`INSERT INTO audit_log (occurred_at, request_id, actor_email, actor_role, action, outcome, prev_hash, hash) VALUES (${at}::timestamptz, ${id}, ${ACTOR}, 'ops', 'tz.probe', 'success', '', '')`,
      );
    }
  });

  it("reads from/to as days in tz", async () => {
    await signedIn("tz.auditor@example.com", "compliance");
    expect(await list("&from=2026-11-01&to=2026-11-01&tz=Africa/Lagos")).toEqual(["late"]);
    expect(await list("&from=2026-10-31&to=2026-10-31&tz=Africa/Lagos")).toEqual(["evening"]);
    expect(await list("&from=2026-10-31&to=2026-10-31&tz=UTC")).toEqual(["evening", "late"]);
    expect(await list("&from=2026-11-01&to=2026-11-01&tz=UTC")).toEqual(["next"]);
  });

  it("reads an address without tz in the member's saved zone on the page, in UTC on the API", async () => {
    const { loadAuditPage } = await import("@/server/audit/page-data");
    const page = await loadAuditPage({
      db: database,
      input: { staff: ACTOR, from: "2026-11-01", to: "2026-11-01" },
      savedZone: "Africa/Lagos",
    });
    expect(page.appliedZone).toBe("Africa/Lagos");
    expect(page.page.entries.map((e) => e.requestId)).toEqual(["late"]);
    await signedIn("tz.api.auditor@example.com", "compliance");
    expect(await list("&from=2026-11-01&to=2026-11-01")).toEqual(["next"]);
  });

  it("refuses a tz that is not a zone, naming the field", async () => {
    await signedIn("tz.bad.auditor@example.com", "compliance");
    const res = await auditList.GET(new Request(`${BASE}/api/audit?from=2026-11-01&tz=Mars%2FOlympus`));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ field: "tz" });
  });

  it("exports the same days with times in the zone, and says which", async () => {
    await signedIn("tz.exporter@example.com", "compliance");
    const res = await auditExport.GET(
      new Request(`${BASE}/api/audit/export?staff=${ACTOR}&from=2026-11-01&to=2026-11-01&tz=Africa%2FLagos`),
    );
    expect(res.status).toBe(200);
    const text = (await res.text()).replace(/^\uFEFF/, "");
    const records = Papa.parse<Record<string, string>>(text.trim(), { header: true, newline: "\r\n" }).data;
    expect(records.map((r) => [r["request id"], r["occurred_at (Africa/Lagos)"]])).toEqual([["late", "2026-11-01 00:32:00 +01:00"]]);
  });
});
