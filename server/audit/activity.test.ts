import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ActivityList } from "@/lib/activity/activity";
import type { Role } from "@/lib/permissions";
import type { StaffMember } from "@/server/auth/staff-repo";
import { db } from "@/server/db/client";
import { recentObjects, staff as staffTable } from "@/server/db/schema";
import { fakeStaff } from "@/server/testing/staff";
import { writeAudit } from "./writer";

const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));

const { GET } = await import("@/app/api/v1/activity/route");

const as = (role: Role) => {
  session.staff = fakeStaff(role);
};
const get = (search: string) => GET(new Request(`http://localhost:3000/api/v1/activity${search}`));
const ops = { id: null, email: "ops@example.com", role: "ops" };
const finance = { id: null, email: "finance@example.com", role: "finance" };

beforeAll(async () => {
  const handle = await db();
  await writeAudit({
    db: handle,
    actor: ops,
    action: "verification.check",
    target: "cus_act_1",
    outcome: "success",
    requestId: "r1",
    detail: { status: "NOT_SUBMITTED", can_create_card: false },
  });
  await writeAudit({
    db: handle,
    actor: ops,
    action: "customer.contact.update",
    target: "cus_act_1",
    outcome: "success",
    requestId: "r2",
    detail: { fields_changed: ["email"], email: "a@example.com" },
  });
  await writeAudit({
    db: handle,
    actor: ops,
    action: "verification.submit",
    target: "cus_act_1",
    outcome: "success",
    requestId: "r3",
    detail: { status: "PENDING" },
  });
  // Another customer whose id starts the same way, and an unrelated action on the same bare id.
  await writeAudit({ db: handle, actor: ops, action: "verification.check", target: "cus_act_10", outcome: "success", requestId: "r4" });
  await writeAudit({ db: handle, actor: ops, action: "staff.update", target: "cus_act_1", outcome: "success", requestId: "r5" });
  await writeAudit({
    db: handle,
    actor: finance,
    action: "bill.token.reveal",
    target: "bill:bill_act_1",
    outcome: "success",
    requestId: "r6",
    detail: { hadToken: true },
  });
  await writeAudit({
    db: handle,
    actor: finance,
    action: "credit.simulate",
    target: "collection_account:0123456789",
    outcome: "success",
    requestId: "r7",
    detail: { amount: "10.00", senderReference: "ref-1", transactionId: "txn_act_1" },
  });
  const [member] = await handle
    .insert(staffTable)
    .values({ email: "opener@example.com", name: "Opener", role: "finance", passwordHash: "x" })
    .returning();
  await handle
    .insert(recentObjects)
    .values({ staffId: member!.id, kind: "bill", objectId: "bill_act_1", openedAt: new Date(Date.now() - 60_000) });
});

beforeEach(() => {
  session.staff = null;
});

describe("GET /api/v1/activity", () => {
  it("gives a customer's checks, contact changes and submissions, newest first, and nothing of other objects", async () => {
    as("ops");
    const res = await get("?kind=customer&id=cus_act_1");
    expect(res.status).toBe(200);
    const { entries } = (await res.json()) as ActivityList;
    expect(entries.map((e) => e.action)).toEqual(["verification.submit", "customer.contact.update", "verification.check"]);
    expect(entries[1]).toMatchObject({ actor: "ops@example.com", label: "Changed the contact details", summary: "changed email" });
    expect(JSON.stringify(entries)).not.toContain("a@example.com");
  });

  it("lets compliance read a customer's activity but not a bill's; finance the reverse", async () => {
    as("compliance");
    expect((await get("?kind=customer&id=cus_act_1")).status).toBe(200);
    expect((await get("?kind=bill&id=bill_act_1")).status).toBe(403);
    as("finance");
    expect((await get("?kind=customer&id=cus_act_1")).status).toBe(403);
    expect((await get("?kind=bill&id=bill_act_1")).status).toBe(200);
  });

  it("shows who revealed a bill's token and who opened it; a credit on the transaction it made and on its account", async () => {
    as("finance");
    const bill = (await (await get("?kind=bill&id=bill_act_1")).json()) as ActivityList;
    expect(bill.entries.map((e) => [e.action, e.actor])).toEqual([
      ["bill.token.reveal", "finance@example.com"],
      ["opened", "opener@example.com"],
    ]);
    const txn = (await (await get("?kind=transaction&id=txn_act_1")).json()) as ActivityList;
    expect(txn.entries.map((e) => e.action)).toEqual(["credit.simulate"]);
    const account = (await (await get("?kind=collection&id=col_act_1&account=0123456789")).json()) as ActivityList;
    expect(account.entries.map((e) => e.summary)).toEqual(["amount 10.00, reference ref-1, transaction txn_act_1"]);
  });

  it("answers 400 naming the field for a bad id or kind, and 401 without a session", async () => {
    expect((await get("?kind=customer&id=cus_act_1")).status).toBe(401);
    as("admin");
    const badId = await get("?kind=customer&id=..%2Fetc");
    expect(badId.status).toBe(400);
    expect(await badId.json()).toMatchObject({ error: { field: "id" } });
    const badKind = await get("?kind=staff&id=x");
    expect(badKind.status).toBe(400);
    expect(await badKind.json()).toMatchObject({ error: { field: "kind" } });
  });
});
