import { beforeAll, describe, expect, it } from "vitest";
import { listActivity } from "@/server/audit/activity";
import { writeAudit } from "@/server/audit/writer";
import { db } from "@/server/db/client";
import { staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withAppClockSkew } from "@/server/testing/app-clock-skew";
import { listRecent, recordOpened } from "./recent";

const MINUTE = 60_000;

let database: Db;
beforeAll(async () => {
  database = await db();
});

let members = 0;
/** A staff member of this file's own, so no other test's openings are in the list. */
async function member(): Promise<string> {
  members += 1;
  const [row] = await database
    .insert(staff)
    .values({ email: `recent.opener${members}@example.com`, name: `Opener ${members}`, role: "finance", passwordHash: "not-a-hash" })
    .returning();
  return row!.id;
}

describe("recently opened, on the database's clock whatever the instance's", () => {
  it("lists an object opened later on a correct instance before one opened first on an instance 10 minutes fast", async () => {
    const staffId = await member();
    await withAppClockSkew(10 * MINUTE, () => recordOpened({ db: database, staffId, kind: "transaction", id: "txn_recent_first" }));
    await recordOpened({ db: database, staffId, kind: "transaction", id: "txn_recent_second" });
    expect((await listRecent({ db: database, staffId })).map((r) => r.id)).toEqual(["txn_recent_second", "txn_recent_first"]);
  });

  it("keeps what an instance 10 minutes slow just opened when the list is trimmed to its 20", async () => {
    const staffId = await member();
    for (let i = 0; i < 20; i++) await recordOpened({ db: database, staffId, kind: "bill", id: `bill_recent_${i}` });
    await withAppClockSkew(-10 * MINUTE, () => recordOpened({ db: database, staffId, kind: "bill", id: "bill_recent_just_opened" }));
    const listed = (await listRecent({ db: database, staffId, limit: 50 })).map((r) => r.id);
    expect(listed).toHaveLength(20);
    expect(listed[0]).toBe("bill_recent_just_opened");
    expect(listed).not.toContain("bill_recent_0");
  });

  it("puts an opening after the audit entry written before it, in the object's activity", async () => {
    const staffId = await member();
    await writeAudit({
      db: database,
      actor: { id: null, email: "finance@example.com", role: "finance" },
      action: "bill.token.reveal",
      target: "bill:bill_recent_activity",
      outcome: "success",
      requestId: "req_recent_activity",
    });
    await withAppClockSkew(-10 * MINUTE, () => recordOpened({ db: database, staffId, kind: "bill", id: "bill_recent_activity" }));
    const { entries } = await listActivity(database, { kind: "bill", id: "bill_recent_activity" });
    expect(entries.map((e) => e.source)).toEqual(["opened", "audit"]);
  });
});
