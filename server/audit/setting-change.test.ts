import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { approvalActions, type ApprovalAction } from "@/lib/approvals/actions";
import { roles } from "@/lib/permissions";
import { DEFAULT_ALERT_THRESHOLDS } from "@/lib/security/alert-rules";
import { saveAlertSettings } from "@/server/alerts/settings";
import { readApprovalSettings, saveApprovalSettings } from "@/server/approvals/settings";
import { readAllowlist, saveAllowlist } from "@/server/auth/address-allowlist";
import { secondFactorOverview, updateSecondFactorPolicy } from "@/server/auth/second-factor-overview";
import { toMember, type StaffMember } from "@/server/auth/staff-repo";
import { readAlertSettings } from "@/server/audit/alert-thresholds";
import { auditLog, staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { readPreferences, updatePreferences } from "@/server/staff/preferences";

// Two administrators saving one setting 20 times at once, as two tabs and a retry would: every save
// lands, and the audit trail reads as one story, each entry's "before" being the previous one's "after".

let db: Db;
withFreshDatabase((handle) => (db = handle));

const ADDRESS = "192.0.2.10";
const headers = new Headers({ "X-Forwarded-For": ADDRESS });
const SAVES = 20;

let counter = 0;
async function admin(): Promise<StaffMember> {
  const n = ++counter;
  const [row] = await db
    .insert(staff)
    .values({ email: `settings.admin${n}@example.com`, name: `Admin ${n}`, role: "admin", passwordHash: "x" })
    .returning();
  return toMember(row!);
}

/** Runs save(i, member) for i in 0..19, all at once, alternating between two administrators. */
async function twentyAtOnce(save: (i: number, member: StaffMember) => Promise<unknown>): Promise<void> {
  const members = [await admin(), await admin()];
  await Promise.all(Array.from({ length: SAVES }, (_, i) => save(i, members[i % 2]!)));
}

async function details(action: string): Promise<Record<string, unknown>[]> {
  const rows = await db.select({ detail: auditLog.detail }).from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));
  return rows.map((r) => r.detail as Record<string, unknown>);
}

/** Each entry's before is the previous entry's after; the first's is `initial`, and the setting holds the last's. */
function expectOneStory(entries: Record<string, unknown>[], initial: unknown, stored: unknown): void {
  expect(entries).toHaveLength(SAVES);
  let previous = initial;
  for (const entry of entries) {
    expect(entry.before).toEqual(previous);
    previous = entry.after;
  }
  expect(stored).toEqual(previous);
}

describe("saving an administrator's setting, 20 saves at once by two administrators", () => {
  it("the alert thresholds", async () => {
    await twentyAtOnce((i, member) =>
      saveAlertSettings({
        db,
        actor: member,
        input: { thresholds: { ...DEFAULT_ALERT_THRESHOLDS, bvn_lookups_per_hour: 100 + i } },
        requestId: `r-alerts-${i}`,
      }),
    );
    expectOneStory(await details("security_alert.settings.update"), DEFAULT_ALERT_THRESHOLDS, (await readAlertSettings(db)).thresholds);
  });

  it("the address allowlist", async () => {
    await twentyAtOnce((i, member) =>
      saveAllowlist({ db, actor: member, input: { ranges: ["192.0.2.0/24", `10.${i}.0.0/16`] }, requestId: `r-list-${i}`, headers }),
    );
    expectOneStory(await details("allowlist.update"), [], (await readAllowlist({ db, headers })).ranges);
  });

  it("who must use two-factor authentication", async () => {
    await twentyAtOnce((i, member) =>
      updateSecondFactorPolicy({
        db,
        actor: member,
        input: { requireAll: i % 3 === 0, roles: [roles[i % roles.length]!] },
        requestId: `r-2fa-${i}`,
      }),
    );
    expectOneStory(await details("staff.second_factor.policy"), { requireAll: false, roles: [] }, (await secondFactorOverview(db)).policy);
  });

  it("a member's own time zone, saved from two tabs", async () => {
    const me = await admin();
    const zones = ["Africa/Lagos", "Europe/London", "America/New_York", "Asia/Tokyo", null];
    await Promise.all(
      Array.from({ length: SAVES }, (_, i) =>
        updatePreferences({ db, actor: me, input: { timeZone: zones[i % zones.length]! }, requestId: `r-tz-${i}` }),
      ),
    );
    const entries = (await details("account.preferences.update")).map((d) => {
      const { from, to } = d.timeZone as { from: unknown; to: unknown };
      return { before: from, after: to };
    });
    expectOneStory(entries, null, (await readPreferences(db, me)).timeZone);
  });

  it("which actions need a second member: each entry's added and removed lead from the previous entry's list to its own", async () => {
    const initial = (await readApprovalSettings(db)).required;
    // Twenty different lists: every subset of the first three actions, and more.
    const listOf = (i: number): ApprovalAction[] => approvalActions.filter((_, bit) => ((i + 1) >> bit) & 1);
    await twentyAtOnce((i, member) =>
      saveApprovalSettings({ db, actor: member, input: { required: listOf(i) }, requestId: `r-approvals-${i}` }),
    );
    const entries = await details("approval.settings.update");
    expect(entries).toHaveLength(SAVES);
    let previous: string[] = initial;
    for (const entry of entries) {
      const { required, added, removed } = entry as { required: string[]; added: string[]; removed: string[] };
      expect([...previous.filter((a) => !removed.includes(a)), ...added].sort()).toEqual([...required].sort());
      expect(added.every((a) => !previous.includes(a)) && removed.every((a) => previous.includes(a))).toBe(true);
      previous = required;
    }
    expect((await readApprovalSettings(db)).required).toEqual(previous);
  });
});
