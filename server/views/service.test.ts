import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createViewBody, setDefaultView as setDefaultContract } from "@/lib/contracts/views";
import { isAppError } from "@/lib/errors";
import { auditActionLabel } from "@/lib/format/labels";
import type { Role } from "@/lib/permissions";
import { viewSearch } from "@/lib/contracts/view-pages";
import { toMember } from "@/server/auth/staff-repo";
import { auditLog, savedViewDefaults, staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { openSavedView } from "./page";
import { createView, defaultViewOf, deleteView, listViews, MAX_VIEWS_PER_PAGE, setDefaultView, shareView, type ViewActor } from "./service";

let db: Db;
withFreshDatabase((handle) => (db = handle));

let counter = 0;
async function member(role: Role): Promise<ViewActor> {
  const n = ++counter;
  const [row] = await db
    .insert(staff)
    .values({ email: `views${n}.${role}@example.com`, name: `${role} member ${n}`, role, passwordHash: "x" })
    .returning();
  return toMember(row!);
}

let requests = 0;
const rid = () => `req-views-${++requests}`;

async function save(actor: ViewActor, body: Record<string, unknown>) {
  return createView({ db, actor, requestId: rid(), input: createViewBody.parse(body) });
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; field?: string }> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { status: error.status, code: error.code, field: error.field };
    throw error;
  }
  throw new Error("expected a refusal");
}

/** The first issue's field path and message, as the route's 400 would name them. */
function bodyIssue(body: unknown): { field: string; message: string } | null {
  const parsed = createViewBody.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return { field: issue.path.map(String).join("."), message: issue.message };
}

describe("saving a view: what is accepted", () => {
  it("stores the page's filters in their canonical form, the name trimmed", async () => {
    const finance = await member("finance");
    const { view } = await save(finance, {
      page: "card_transactions",
      name: "  Refunds in USD  ",
      filters: { type: "refund", currency: "usd", sort: "date", dir: "desc", tz: "Africa/Lagos", q: "" },
    });
    expect(view.name).toBe("Refunds in USD");
    // Defaults, blanks and a zone without a date are not part of the view.
    expect(view.filters).toEqual({ type: "refund", currency: "USD" });
    expect(view.shared).toBe(false);
    expect(view.owner).toEqual({ name: "You", mine: true });
  });

  it("refuses a name that is empty, too long or holds a control character, naming the field", () => {
    const base = { page: "audit", filters: {} };
    expect(bodyIssue({ ...base, name: "   " })).toMatchObject({ field: "name" });
    expect(bodyIssue({ ...base, name: "x".repeat(61) })).toMatchObject({ field: "name", message: expect.stringMatching(/at most 60/) });
    expect(bodyIssue({ ...base, name: "bad\u0000name" })).toMatchObject({ field: "name" });
    expect(bodyIssue({ ...base, name: "Customer 22212345678" })).toMatchObject({ field: "name", message: expect.stringMatching(/BVN/) });
  });

  it("accepts only the closed list of pages", () => {
    expect(bodyIssue({ page: "staff", name: "x", filters: {} })).toMatchObject({ field: "page" });
    expect(bodyIssue({ page: "__proto__", name: "x", filters: {} })).toMatchObject({ field: "page" });
  });

  it("reads the filters with the page's own rules: no unknown key, no over-long value, no value the page refuses", () => {
    expect(bodyIssue({ page: "customers", name: "x", filters: { state: "pending", role: "admin" } })).toMatchObject({
      field: "filters.role",
      message: expect.stringMatching(/no filter named role/),
    });
    expect(bodyIssue({ page: "card_transactions", name: "x", filters: { q: "a".repeat(101) } })).toMatchObject({ field: "filters.q" });
    expect(bodyIssue({ page: "card_transactions", name: "x", filters: { q: "a".repeat(5000) } })).toMatchObject({ field: "filters.q" });
    expect(bodyIssue({ page: "audit", name: "x", filters: { outcome: "sideways" } })).toMatchObject({ field: "filters.outcome" });
    // One message per problem: what is wrong with the date, once.
    for (const page of ["audit", "card_transactions"] as const) {
      expect(bodyIssue({ page, name: "x", filters: { from: "2026-02-30" } })).toEqual({
        field: "filters.from",
        message: "That date does not exist.",
      });
      expect(bodyIssue({ page, name: "x", filters: { to: "28/11/2026" } })).toEqual({
        field: "filters.to",
        message: "Use a date like 2026-01-31.",
      });
    }
    // A day the lists refuse (its end would be past year 9999 in some zone) is not saved either.
    expect(bodyIssue({ page: "card_transactions", name: "x", filters: { to: "9999-12-31" } })).toMatchObject({ field: "filters.to" });
    expect(bodyIssue({ page: "audit", name: "x", filters: { from: "2026-03-02", to: "2026-03-01" } })).toMatchObject({
      field: "filters.from",
      message: "The start date is after the end date.",
    });
    expect(bodyIssue({ page: "customers", name: "x", filters: { state: "deleted" } })).toMatchObject({ field: "filters.state" });
    expect(bodyIssue({ page: "card_transactions", name: "x", filters: { tz: "Mars/Olympus", from: "2026-01-01" } })).toMatchObject({
      field: "filters.tz",
    });
    expect(bodyIssue({ page: "card_transactions", name: "x", filters: { q: "4111 1111 1111 1111" } })).toMatchObject({
      field: "filters.q",
      message: expect.stringMatching(/card number/),
    });
    expect(bodyIssue({ page: "card_transactions", name: "x", filters: { status: 5 } })).toMatchObject({ field: "filters" });
    const many = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`k${i}`, "v"]));
    expect(bodyIssue({ page: "audit", name: "x", filters: many })).toMatchObject({ field: "filters" });
    expect(bodyIssue({ page: "audit", name: "x", filters: {}, owner: "someone" })).not.toBeNull();
  });
});

describe("names and concurrency", () => {
  it("two tabs saving the same name at once: one wins, the other is a 409 naming the name", async () => {
    const ops = await member("ops");
    const body = { page: "customers", name: "Pending ones", filters: { state: "pending" } };
    const results = await Promise.allSettled([save(ops, body), save(ops, { ...body, name: "PENDING ONES" })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(isAppError(lost.reason) && { status: lost.reason.status, code: lost.reason.code, field: lost.reason.field }).toEqual({
      status: 409,
      code: "view_name_taken",
      field: "name",
    });
    const { views } = await listViews({ db, actor: ops, page: "customers" });
    expect(views.map((v) => v.name)).toHaveLength(1);
  });

  it("20 saves at once from two tabs near the limit: the member ends with exactly the limit, the rest are 409", async () => {
    const ops = await member("ops");
    const room = 5;
    for (let i = 0; i < MAX_VIEWS_PER_PAGE - room; i++) await save(ops, { page: "customers", name: `Kept ${i}`, filters: {} });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => save(ops, { page: "customers", name: `At once ${i}`, filters: {} })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(room);
    for (const r of results) {
      if (r.status === "rejected") expect(isAppError(r.reason) && r.reason.code).toBe("view_limit_reached");
    }
    const { views } = await listViews({ db, actor: ops, page: "customers" });
    expect(views).toHaveLength(MAX_VIEWS_PER_PAGE);
    // Every save that landed is audited as a success, every refusal as a failure.
    const entries = await db
      .select({ outcome: auditLog.outcome })
      .from(auditLog)
      .where(and(eq(auditLog.action, "view.create"), eq(auditLog.actorStaffId, ops.id), sql`${auditLog.detail}->>'name' LIKE 'At once %'`));
    expect(entries.filter((e) => e.outcome === "success")).toHaveLength(room);
    expect(entries.filter((e) => e.outcome === "failure")).toHaveLength(20 - room);
  });

  it("the same name is free on another page and for another member", async () => {
    const admin = await member("admin");
    const other = await member("admin");
    await save(admin, { page: "customers", name: "Mine", filters: {} });
    await save(admin, { page: "audit", name: "Mine", filters: {} });
    await save(other, { page: "customers", name: "Mine", filters: {} });
  });

  it("a member cannot save or list views of a page their role does not open", async () => {
    const finance = await member("finance");
    expect(await refusal(save(finance, { page: "audit", name: "Sneaky", filters: {} }))).toMatchObject({ status: 403, code: "forbidden" });
    expect(await refusal(listViews({ db, actor: finance, page: "customers" }))).toMatchObject({ status: 403 });
  });
});

describe("sharing, deleting and defaults", () => {
  it("a private view only its owner sees; a shared one the whole team sees, owner named", async () => {
    const owner = await member("compliance");
    const colleague = await member("compliance");
    const { view } = await save(owner, { page: "audit", name: "Refusals", filters: { outcome: "denied" } });
    expect((await listViews({ db, actor: colleague, page: "audit" })).views.map((v) => v.id)).not.toContain(view.id);

    const shared = await shareView({ db, actor: owner, requestId: rid(), input: { id: view.id, shared: true } });
    expect(shared.view.shared).toBe(true);
    const seen = (await listViews({ db, actor: colleague, page: "audit" })).views.find((v) => v.id === view.id);
    expect(seen).toMatchObject({
      shared: true,
      owner: { mine: false, name: owner.name },
      canDelete: false,
      filters: { outcome: "denied" },
    });

    // Only the owner shares or unshares.
    expect(await refusal(shareView({ db, actor: colleague, requestId: rid(), input: { id: view.id, shared: false } }))).toMatchObject({
      status: 403,
    });
  });

  it("a shared view is deleted by its owner or an administrator, not by another member", async () => {
    const owner = await member("ops");
    const colleague = await member("ops");
    const admin = await member("admin");
    const { view } = await save(owner, { page: "customers", name: "Approved", filters: { state: "approved" }, shared: true });

    expect(await refusal(deleteView({ db, actor: colleague, requestId: rid(), input: { id: view.id } }))).toMatchObject({
      status: 403,
      code: "forbidden",
    });
    const [denied] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "view.delete"), eq(auditLog.target, view.id), eq(auditLog.outcome, "denied")));
    expect(denied?.actorEmail).toBe(colleague.email);

    expect((await listViews({ db, actor: admin, page: "customers" })).views.find((v) => v.id === view.id)?.canDelete).toBe(true);
    expect(await deleteView({ db, actor: admin, requestId: rid(), input: { id: view.id } })).toEqual({ deleted: view.id });
    // Deleted twice (two tabs): the second is a clean 404.
    expect(await refusal(deleteView({ db, actor: owner, requestId: rid(), input: { id: view.id } }))).toMatchObject({
      status: 404,
      code: "view_not_found",
    });
  });

  it("an administrator cannot see or delete another member's private view", async () => {
    const owner = await member("compliance");
    const admin = await member("admin");
    const { view } = await save(owner, { page: "audit", name: "Private", filters: {} });
    expect((await listViews({ db, actor: admin, page: "audit" })).views.map((v) => v.id)).not.toContain(view.id);
    expect(await refusal(deleteView({ db, actor: admin, requestId: rid(), input: { id: view.id } }))).toMatchObject({ status: 404 });
    expect(await deleteView({ db, actor: owner, requestId: rid(), input: { id: view.id } })).toEqual({ deleted: view.id });
  });

  it("a default per member and page; a deleted or unshared view stops being anyone's default", async () => {
    const owner = await member("ops");
    const colleague = await member("ops");
    const { view } = await save(owner, { page: "customers", name: "Queue", filters: { state: "pending" }, shared: true });
    await setDefaultView({ db, actor: owner, requestId: rid(), input: { page: "customers", view: view.id } });
    await setDefaultView({ db, actor: colleague, requestId: rid(), input: { page: "customers", view: view.id } });
    expect((await listViews({ db, actor: colleague, page: "customers" })).defaultId).toBe(view.id);

    // Made private: the colleague's default goes, the owner's stays.
    await shareView({ db, actor: owner, requestId: rid(), input: { id: view.id, shared: false } });
    expect(await defaultViewOf(db, colleague, "customers")).toBeNull();
    expect((await defaultViewOf(db, owner, "customers"))?.id).toBe(view.id);
    expect(
      await refusal(setDefaultView({ db, actor: colleague, requestId: rid(), input: { page: "customers", view: view.id } })),
    ).toMatchObject({
      status: 404,
      code: "view_not_found",
    });

    await deleteView({ db, actor: owner, requestId: rid(), input: { id: view.id } });
    expect(await db.select().from(savedViewDefaults).where(eq(savedViewDefaults.viewId, view.id))).toEqual([]);
    expect((await listViews({ db, actor: owner, page: "customers" })).defaultId).toBeNull();
  });

  it("a view of another page cannot be a page's default; clearing the default works", async () => {
    const admin = await member("admin");
    const { view } = await save(admin, { page: "audit", name: "Audit one", filters: {} });
    expect(
      await refusal(setDefaultView({ db, actor: admin, requestId: rid(), input: { page: "customers", view: view.id } })),
    ).toMatchObject({
      status: 404,
    });
    await setDefaultView({ db, actor: admin, requestId: rid(), input: { page: "audit", view: view.id } });
    expect(await setDefaultView({ db, actor: admin, requestId: rid(), input: { page: "audit", view: null } })).toEqual({ defaultId: null });
    expect(setDefaultContract.body.safeParse({ page: "audit", view: "not-a-uuid" }).success).toBe(false);
  });

  it("every change is audited, under a staff-facing label", async () => {
    const ops = await member("ops");
    const { view } = await save(ops, { page: "customers", name: "Audited", filters: { q: "cus_1" } });
    await shareView({ db, actor: ops, requestId: rid(), input: { id: view.id, shared: true } });
    await setDefaultView({ db, actor: ops, requestId: rid(), input: { page: "customers", view: view.id } });
    await deleteView({ db, actor: ops, requestId: rid(), input: { id: view.id } });
    const rows = await db.select().from(auditLog).where(eq(auditLog.actorEmail, ops.email)).orderBy(auditLog.id);
    expect(rows.map((r) => r.action)).toEqual(["view.create", "view.share", "view.default", "view.delete"]);
    expect(rows[0]!.detail).toMatchObject({ page: "customers", name: "Audited" });
    // Words of its own, not the fallback made from the code ("View create").
    expect(rows.map((r) => auditActionLabel(r.action))).toEqual([
      "Saved a view",
      "Shared a saved view with the team",
      "Chose a default view",
      "Deleted a saved view",
    ]);
  });
});

describe("opening a page on a view", () => {
  async function redirectOf(run: Promise<void>): Promise<string | null> {
    try {
      await run;
      return null;
    } catch (error) {
      const digest = (error as { digest?: string }).digest ?? "";
      if (!digest.startsWith("NEXT_REDIRECT")) throw error;
      return digest.split(";")[2] ?? "";
    }
  }

  it("`?view=<id>` opens the view's filters; an empty address opens the default; `?view=none` and a deleted view do not", async () => {
    const owner = await member("compliance");
    const { view } = await save(owner, { page: "audit", name: "Denied", filters: { outcome: "denied" } });
    const address = `/audit${viewSearch("audit", view.filters, view.id)}`;
    expect(await redirectOf(openSavedView(db, owner, "audit", { view: view.id }, "/audit"))).toBe(address);
    // Already on the view's filters: no second redirect.
    expect(await redirectOf(openSavedView(db, owner, "audit", { outcome: "denied", view: view.id }, "/audit"))).toBeNull();

    expect(await redirectOf(openSavedView(db, owner, "audit", {}, "/audit"))).toBeNull();
    await setDefaultView({ db, actor: owner, requestId: rid(), input: { page: "audit", view: view.id } });
    expect(await redirectOf(openSavedView(db, owner, "audit", {}, "/audit"))).toBe(address);
    expect(await redirectOf(openSavedView(db, owner, "audit", { view: "none" }, "/audit"))).toBeNull();

    // Another member: a private view's address opens nothing of it.
    const colleague = await member("compliance");
    expect(await redirectOf(openSavedView(db, colleague, "audit", { view: view.id }, "/audit"))).toBeNull();
    expect(await redirectOf(openSavedView(db, colleague, "audit", { view: "'; drop table x" }, "/audit"))).toBeNull();

    await deleteView({ db, actor: owner, requestId: rid(), input: { id: view.id } });
    expect(await redirectOf(openSavedView(db, owner, "audit", { view: view.id }, "/audit"))).toBeNull();
    expect(await redirectOf(openSavedView(db, owner, "audit", {}, "/audit"))).toBeNull();
  });
});

describe("times of views, on the database's clock", () => {
  it("sharing a view and moving a default on an instance an hour fast stamp the database's now", async () => {
    const { withAppClockSkew } = await import("@/server/testing/app-clock-skew");
    const { savedViews } = await import("@/server/db/schema");
    const owner = await member("compliance");
    const { view } = await save(owner, { page: "audit", name: "Clock", filters: { outcome: "denied" } });
    const other = (await save(owner, { page: "audit", name: "Clock 2", filters: { outcome: "success" } })).view;
    await setDefaultView({ db, actor: owner, requestId: rid(), input: { page: "audit", view: other.id } });
    await withAppClockSkew(60 * 60_000, async () => {
      await shareView({ db, actor: owner, requestId: rid(), input: { id: view.id, shared: true } });
      await setDefaultView({ db, actor: owner, requestId: rid(), input: { page: "audit", view: view.id } });
    });
    const [shared] = await db
      .select({ ahead: sql<string>`extract(epoch from ${savedViews.updatedAt} - now())` })
      .from(savedViews)
      .where(eq(savedViews.id, view.id));
    const [chosen] = await db
      .select({ ahead: sql<string>`extract(epoch from ${savedViewDefaults.updatedAt} - now())` })
      .from(savedViewDefaults)
      .where(and(eq(savedViewDefaults.staffId, owner.id), eq(savedViewDefaults.page, "audit")));
    expect(Math.abs(Number(shared!.ahead))).toBeLessThan(60);
    expect(Math.abs(Number(chosen!.ahead))).toBeLessThan(60);
  });
});
