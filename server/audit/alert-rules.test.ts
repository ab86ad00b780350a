import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_ALERT_THRESHOLDS } from "@/lib/security/alert-rules";
import { saveAlertSettings } from "@/server/alerts/settings";
import { saveApprovalSettings } from "@/server/approvals/settings";
import { saveAllowlist } from "@/server/auth/address-allowlist";
import { updateSecondFactorPolicy } from "@/server/auth/second-factor-overview";
import { upsertStaff, type StaffMember } from "@/server/auth/staff-repo";
import { lookupBvn } from "@/server/compliance/bvn-lookup";
import { BVN_RECORDS } from "@/server/simulator/seed/bvn";
import type { UpstreamApi } from "@/server/upstream/operations";
import { securityAlertOutbox, securityAlerts, securityAlertSettings, staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { recordDelivery } from "@/server/webhooks/delivery-log";
import { evaluateAlertRules } from "./alert-rules";
import { writeAudit } from "./writer";

// Set before anything reads the environment: a raised alert is then also queued for posting.
vi.stubEnv("ALERT_WEBHOOK_URL", "http://127.0.0.1:9/alerts");

let db: Db;
withFreshDatabase((handle) => (db = handle));

let member: StaffMember;
let n = 0;
const requestId = () => `req-${++n}`;

async function thresholds(changes: Partial<typeof DEFAULT_ALERT_THRESHOLDS>) {
  const value = { ...DEFAULT_ALERT_THRESHOLDS, ...changes };
  await db
    .insert(securityAlertSettings)
    .values({ id: 1, thresholds: value })
    .onConflictDoUpdate({ target: securityAlertSettings.id, set: { thresholds: value } });
}
const alerts = (rule: string) => db.select().from(securityAlerts).where(eq(securityAlerts.rule, rule));

beforeEach(async () => {
  await db.delete(securityAlerts);
  await db.delete(securityAlertSettings);
  member = await upsertStaff(db, { email: `member.${++n}@example.com`, role: "compliance", password: "a-long-enough-password-1" });
});

describe("BVN lookups by one member in an hour", () => {
  it("no alert at or below the threshold, one above it, and still one after more", async () => {
    await thresholds({ bvn_lookups_per_hour: 3 });
    const lookup = () => writeAudit({ db, actor: member, action: "bvn.lookup.requested", outcome: "success", requestId: requestId() });
    await lookup();
    await lookup();
    expect(await alerts("bvn_lookups")).toHaveLength(0); // 2: below
    await lookup();
    expect(await alerts("bvn_lookups")).toHaveLength(0); // 3: at
    await lookup();
    const [alert] = await alerts("bvn_lookups"); // 4: above
    expect(alert).toMatchObject({ subject: member.email, details: { lookups_last_hour: 4, threshold: 3 } });
    await lookup();
    expect(await alerts("bvn_lookups")).toHaveLength(1);
  });

  it("counts each member on their own", async () => {
    await thresholds({ bvn_lookups_per_hour: 1 });
    const other = await upsertStaff(db, { email: "other.member@example.com", role: "compliance", password: "a-long-enough-password-1" });
    await writeAudit({ db, actor: member, action: "bvn.lookup.requested", outcome: "success", requestId: requestId() });
    await writeAudit({ db, actor: other, action: "bvn.lookup.requested", outcome: "success", requestId: requestId() });
    expect(await alerts("bvn_lookups")).toHaveLength(0);
  });
});

describe("a BVN reveal outside working hours in the member's zone", () => {
  const reveal = (at: string) =>
    evaluateAlertRules({
      db,
      entry: { actor: member, action: "bvn.reveal", outcome: "success", requestId: requestId() },
      at: new Date(at),
    });

  it("Lagos: 17:59 on a Thursday is inside, 18:00 is outside", async () => {
    await reveal("2026-11-26T17:59:00+01:00");
    expect(await alerts("reveal_outside_hours")).toHaveLength(0);
    await reveal("2026-11-26T18:00:00+01:00");
    const [alert] = await alerts("reveal_outside_hours");
    expect(alert).toMatchObject({ subject: member.email, details: { zone: "Africa/Lagos" } });
  });

  it("a member in Tokyo is judged in Tokyo: 17:59 in Lagos is 01:59 there", async () => {
    await db.update(staff).set({ timeZone: "Asia/Tokyo" }).where(eq(staff.id, member.id));
    await reveal("2026-11-26T09:59:00+01:00"); // 17:59 in Tokyo: inside
    expect(await alerts("reveal_outside_hours")).toHaveLength(0);
    await reveal("2026-11-26T17:59:00+01:00");
    expect(await alerts("reveal_outside_hours")).toMatchObject([{ details: { zone: "Asia/Tokyo" } }]);
  });

  it("a weekend day is outside at midday; the administrator's hours apply", async () => {
    await reveal("2026-11-28T12:00:00+01:00");
    expect(await alerts("reveal_outside_hours")).toHaveLength(1);
    await thresholds({ working_hours_start: "09:00", working_hours_end: "17:00" });
    await reveal("2026-11-26T08:30:00+01:00");
    expect(await alerts("reveal_outside_hours")).toHaveLength(2);
  });
});

describe("failed sign-ins in 10 minutes", () => {
  const fail = (email: string, address: string, id: string | null) =>
    writeAudit({
      db,
      actor: { id, email, role: null },
      action: "auth.sign_in",
      outcome: "failure",
      requestId: requestId(),
      detail: { reason: id ? "wrong_password" : "unknown_account", address },
    });

  it("for one account: none at the threshold, one above it", async () => {
    await thresholds({ failed_sign_ins_per_10_minutes: 3 });
    for (let i = 0; i < 3; i++) await fail(member.email, `198.51.100.${i}`, member.id);
    expect(await alerts("failed_sign_ins_account")).toHaveLength(0);
    await fail(member.email, "198.51.100.9", member.id);
    expect(await alerts("failed_sign_ins_account")).toMatchObject([{ subject: member.email, details: { failures_last_10_minutes: 4 } }]);
    expect(await alerts("failed_sign_ins_address")).toHaveLength(0);
  });

  it("for one address across accounts, and an unknown email is never stored whole", async () => {
    await thresholds({ failed_sign_ins_per_10_minutes: 2 });
    for (const name of ["ada.customer", "bola.customer", "chidi.customer"]) await fail(`${name}@example.com`, "203.0.113.50", null);
    expect(await alerts("failed_sign_ins_address")).toMatchObject([{ subject: "203.0.113.50", details: { failures_last_10_minutes: 3 } }]);
    await fail("ada.customer@example.com", "203.0.113.51", null);
    await fail("ada.customer@example.com", "203.0.113.52", null);
    const [account] = await alerts("failed_sign_ins_account");
    expect(account).toBeDefined();
    const stored = JSON.stringify(await db.select().from(securityAlerts)) + JSON.stringify(await db.select().from(securityAlertOutbox));
    expect(stored).not.toContain("ada.customer@example.com");
    expect(stored).not.toContain("ada.customer");
  });

  it("20 failures at once give one alert per rule, not twenty", async () => {
    await thresholds({ failed_sign_ins_per_10_minutes: 1 });
    await Promise.all(Array.from({ length: 20 }, () => fail(member.email, "192.0.2.77", member.id)));
    expect(await alerts("failed_sign_ins_account")).toHaveLength(1);
    expect(await alerts("failed_sign_ins_address")).toHaveLength(1);
    const rows = await db.select().from(securityAlerts);
    const queued = await db.select().from(securityAlertOutbox);
    expect(queued.filter((q) => rows.some((r) => r.id === q.alertId))).toHaveLength(2);
  });
});

describe("refused webhook deliveries and second-factor resets", () => {
  it("a refused delivery above the hourly threshold raises one alert for the hour", async () => {
    await thresholds({ webhook_refused_per_hour: 1 });
    const refused = () =>
      recordDelivery(
        { receivedAt: new Date(), requestId: requestId(), outcome: "refused", refusal: "signature", payloadBytes: 10 },
        async () => db,
      );
    await refused();
    expect(await alerts("webhook_refused")).toHaveLength(0);
    await refused();
    await refused();
    expect(await alerts("webhook_refused")).toMatchObject([{ subject: "incoming updates" }]);
  });

  it("every reset of a member's second factor is an alert of its own", async () => {
    const admin = await upsertStaff(db, { email: `admin.${n}@example.com`, role: "admin", password: "a-long-enough-password-1" });
    for (let i = 0; i < 2; i++)
      await writeAudit({
        db,
        actor: admin,
        action: "staff.second_factor.reset",
        target: `staff:${member.email}`,
        outcome: "success",
        requestId: requestId(),
      });
    const raised = await alerts("second_factor_reset");
    expect(raised).toHaveLength(2);
    expect(raised[0]?.details).toMatchObject({ reset_by: admin.email });
  });

  it("a denied or unrelated action raises nothing", async () => {
    await thresholds({ bvn_lookups_per_hour: 1 });
    for (let i = 0; i < 3; i++) await writeAudit({ db, actor: member, action: "bvn.lookup", outcome: "denied", requestId: requestId() });
    await writeAudit({ db, actor: member, action: "bvn.reveal", outcome: "denied", requestId: requestId() });
    expect(await db.select().from(securityAlerts)).toHaveLength(0);
  });
});

describe("a member stopped by the hourly BVN lookup quota", () => {
  // The sandbox's record, answered without the upstream: the rule counts entries, never reads the answer.
  const api = { lookupBvn: async (number: string) => BVN_RECORDS[number] } as unknown as UpstreamApi;
  const lookup = (actor: StaffMember, perHour: number) =>
    lookupBvn({ db, actor, input: { number: "22222222222", purpose: "Case 2026-300: review" }, requestId: requestId(), api, perHour }).then(
      () => "ok",
      (error: { code?: string }) => error.code ?? String(error),
    );

  it("raises the lookups alert with the default threshold (above the quota), once per member in the hour", async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) outcomes.push(await lookup(member, 3));
    expect(outcomes).toEqual(["ok", "ok", "ok", "bvn_quota_exceeded", "bvn_quota_exceeded", "bvn_quota_exceeded"]);
    const raised = await alerts("bvn_lookups");
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ subject: member.email, details: { quota_reached: true, quota: 3, lookups_last_hour: 3 } });

    const other = await upsertStaff(db, {
      email: `quota.other.${n}@example.com`,
      role: "compliance",
      password: "a-long-enough-password-1",
    });
    await lookup(other, 1);
    expect(await alerts("bvn_lookups")).toHaveLength(1);
    await lookup(other, 1);
    expect((await alerts("bvn_lookups")).map((a) => a.subject).sort()).toEqual([member.email, other.email].sort());
  });

  it("a lookup refused for another reason raises nothing", async () => {
    await writeAudit({ db, actor: member, action: "bvn.lookup", outcome: "denied", requestId: requestId(), detail: { reason: "role" } });
    expect(await alerts("bvn_lookups")).toHaveLength(0);
  });
});

describe("a security control weakened", () => {
  const changes = () => alerts("security_control_changed");
  let admin: StaffMember & { name: string };
  beforeEach(async () => {
    admin = await upsertStaff(db, {
      email: `controls.admin.${++n}@example.com`,
      name: "Cora Controls",
      role: "admin",
      password: "a-long-enough-password-1",
    });
  });

  it("four-eyes: adding actions raises nothing; removing one raises an alert naming it and who", async () => {
    const save = (required: ("card.create" | "staff.role" | "bvn.reveal")[]) =>
      saveApprovalSettings({ db, actor: admin, input: { required }, requestId: requestId() });
    await save(["card.create", "staff.role"]);
    await save(["card.create", "staff.role", "bvn.reveal"]);
    expect(await changes()).toHaveLength(0);
    await save(["card.create", "bvn.reveal"]);
    const [alert] = await changes();
    expect(alert).toMatchObject({ subject: "Four-eyes approvals", details: { changed_by: admin.email } });
    expect(String(alert?.details.weakened)).toContain("staff.role");
  });

  it("the address allowlist: narrowing raises nothing; widening it or emptying it raises an alert each", async () => {
    const headers = new Headers({ "X-Forwarded-For": "192.0.2.10" });
    const save = (ranges: string[]) => saveAllowlist({ db, actor: admin, input: { ranges }, requestId: requestId(), headers });
    await save(["192.0.2.0/24", "198.51.100.0/24"]);
    await save(["192.0.2.0/28"]);
    expect(await changes()).toHaveLength(0);
    await save(["192.0.2.0/28", "10.0.0.0/8"]);
    expect(await changes()).toHaveLength(1);
    expect(String((await changes())[0]?.details.weakened)).toContain("10.0.0.0/8");
    await save([]);
    const raised = await changes();
    expect(raised).toHaveLength(2);
    expect(raised.map((a) => a.subject)).toEqual(["Address allowlist", "Address allowlist"]);
  });

  it("two-factor: requiring it of more roles raises nothing; dropping it for a role raises an alert", async () => {
    const save = (requireAll: boolean, roles: ("admin" | "ops" | "finance" | "compliance")[]) =>
      updateSecondFactorPolicy({ db, actor: admin, input: { requireAll, roles }, requestId: requestId() });
    await save(false, ["admin"]);
    await save(true, []);
    expect(await changes()).toHaveLength(0);
    await save(false, ["admin", "ops", "finance"]);
    const [alert] = await changes();
    expect(alert).toMatchObject({ subject: "Two-factor requirement" });
    expect(String(alert?.details.weakened)).toContain("compliance");
  });

  it("the alert thresholds: lowering raises nothing; raising one, or widening working hours, raises an alert", async () => {
    const save = (changes: Partial<typeof DEFAULT_ALERT_THRESHOLDS>) =>
      saveAlertSettings({ db, actor: admin, input: { thresholds: { ...DEFAULT_ALERT_THRESHOLDS, ...changes } }, requestId: requestId() });
    await save({ bvn_lookups_per_hour: 20, working_hours_start: "09:00" });
    expect(await changes()).toHaveLength(0);
    await save({ bvn_lookups_per_hour: 500, working_hours_start: "09:00" });
    expect(await changes()).toHaveLength(1);
    expect(String((await changes())[0]?.details.weakened)).toContain("bvn_lookups_per_hour 20 → 500");
    await save({ bvn_lookups_per_hour: 500, working_hours_start: "06:00" });
    expect(await changes()).toHaveLength(2);
  });
});
