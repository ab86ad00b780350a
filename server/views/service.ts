import "server-only";
import { and, asc, count, eq, getTableColumns, or, sql } from "drizzle-orm";
import { GUARD_ERRORS } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import * as viewContracts from "@/lib/contracts/views";
import type { SavedView, ViewList } from "@/lib/contracts/views";
import { can } from "@/lib/permissions";
import { VIEW_PAGES, type ViewFilters, type ViewPage } from "@/lib/contracts/view-pages";
import { auditedChange } from "@/server/audit/audited-change";
import { writeAudit, type StaffActor } from "@/server/audit/writer";
import { lockForTransaction, savedViewsLock } from "@/server/db/advisory-locks";
import { savedViewDefaults, savedViews, staff as staffTable, type SavedViewRow } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

/** A member may keep this many views per page (shared ones from others do not count). */
export const MAX_VIEWS_PER_PAGE = 50;

export type ViewActor = StaffActor & { name: string };

const refusals = {
  notFound: () =>
    fail(viewContracts.updateView, "view_not_found", "That saved view no longer exists, or it is not shared with you. Refresh the list."),
  nameTaken: (name: string) =>
    fail(viewContracts.createView, "view_name_taken", `You already have a view named “${name}” on this page. Choose another name.`, {
      field: "name",
    }),
  limit: () =>
    fail(viewContracts.createView, "view_limit_reached", `You can keep at most ${MAX_VIEWS_PER_PAGE} views on a page. Delete one first.`, {
      field: "name",
    }),
  pageForbidden: (page: ViewPage) =>
    fail(GUARD_ERRORS, "forbidden", `Your role does not open ${VIEW_PAGES[page].label.toLowerCase()}, so it has no saved views for you.`),
};

function requirePage(actor: ViewActor, page: ViewPage): void {
  if (!can(actor.role, VIEW_PAGES[page].capability)) throw refusals.pageForbidden(page);
}

/** Visible to the member: their own, or shared by anyone. */
const visibleTo = (actor: ViewActor) => or(eq(savedViews.ownerId, actor.id), eq(savedViews.shared, true));

type RowWithOwner = SavedViewRow & { ownerName: string | null };

function toView(row: RowWithOwner, actor: ViewActor): SavedView {
  const mine = row.ownerId === actor.id;
  return {
    id: row.id,
    page: row.page as ViewPage,
    name: row.name,
    filters: row.filters,
    shared: row.shared,
    owner: { name: mine ? "You" : (row.ownerName ?? "A former member"), mine },
    canDelete: mine || (row.shared && actor.role === "admin"),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const withOwner = { ...getTableColumns(savedViews), ownerName: staffTable.name };

/** One view the member may see (any page when `page` is absent), or null. */
export async function findVisibleView(db: Db, actor: ViewActor, id: string, page?: ViewPage): Promise<RowWithOwner | null> {
  const [row] = await db
    .select(withOwner)
    .from(savedViews)
    .leftJoin(staffTable, eq(staffTable.id, savedViews.ownerId))
    .where(and(eq(savedViews.id, id), visibleTo(actor), page ? eq(savedViews.page, page) : undefined))
    .limit(1);
  return row ?? null;
}

/** The member's default view of a page, when it still exists and is still visible to them. */
export async function defaultViewOf(db: Db, actor: ViewActor, page: ViewPage): Promise<RowWithOwner | null> {
  const [row] = await db
    .select(withOwner)
    .from(savedViewDefaults)
    .innerJoin(savedViews, eq(savedViews.id, savedViewDefaults.viewId))
    .leftJoin(staffTable, eq(staffTable.id, savedViews.ownerId))
    .where(and(eq(savedViewDefaults.staffId, actor.id), eq(savedViewDefaults.page, page), visibleTo(actor)))
    .limit(1);
  return row ?? null;
}

export async function listViews({ db, actor, page }: { db: Db; actor: ViewActor; page: ViewPage }): Promise<ViewList> {
  requirePage(actor, page);
  const rows = await db
    .select(withOwner)
    .from(savedViews)
    .leftJoin(staffTable, eq(staffTable.id, savedViews.ownerId))
    .where(and(eq(savedViews.page, page), visibleTo(actor)))
    // The member's own first, then the team's, each by name.
    .orderBy(sql`${savedViews.ownerId} <> ${actor.id}`, asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  const chosen = await defaultViewOf(db, actor, page);
  return { views: rows.map((row) => toView(row, actor)), defaultId: chosen?.id ?? null };
}

type Audited = { db: Db; actor: ViewActor; requestId: string };

export async function createView({
  db,
  actor,
  requestId,
  input,
}: Audited & { input: { page: ViewPage; name: string; filters: ViewFilters; shared: boolean } }): Promise<{ view: SavedView }> {
  requirePage(actor, input.page);
  // Under the member's lock for the page, so twenty saves at once from two tabs cannot all pass the
  // count; the unique index (owner, page, lower(name)) decides between two saving the same name.
  const saved = await auditedChange(db, async (tx) => {
    await lockForTransaction(tx, savedViewsLock(actor.id, input.page));
    const [held] = await tx
      .select({ n: count() })
      .from(savedViews)
      .where(and(eq(savedViews.ownerId, actor.id), eq(savedViews.page, input.page)));
    if ((held?.n ?? 0) >= MAX_VIEWS_PER_PAGE) return { result: "limit" as const, audit: null };
    const [row] = await tx
      .insert(savedViews)
      .values({ ownerId: actor.id, page: input.page, name: input.name, filters: input.filters, shared: input.shared })
      .onConflictDoNothing()
      .returning();
    if (!row) return { result: "name_taken" as const, audit: null };
    return { result: row, audit: auditEntry(actor, requestId, "view.create", row.id, "success", describe(row)) };
  });
  if (typeof saved === "string") {
    await writeAudit({
      db,
      ...auditEntry(actor, requestId, "view.create", null, "failure", { page: input.page, name: input.name, reason: saved }),
    });
    throw saved === "limit" ? refusals.limit() : refusals.nameTaken(input.name);
  }
  return { view: toView({ ...saved, ownerName: actor.name }, actor) };
}

export async function shareView({
  db,
  actor,
  requestId,
  input,
}: Audited & { input: { id: string; shared: boolean } }): Promise<{ view: SavedView }> {
  const found = await findVisibleView(db, actor, input.id);
  if (!found) throw refusals.notFound();
  requirePage(actor, found.page as ViewPage);
  const action = input.shared ? "view.share" : "view.unshare";
  if (found.ownerId !== actor.id) {
    await writeAudit({ db, ...auditEntry(actor, requestId, action, found.id, "denied", describe(found)) });
    throw fail(GUARD_ERRORS, "forbidden", "Only the member who saved this view can share it or make it private.");
  }
  // The change, what follows from it and its audit entry land together or not at all.
  const row = await auditedChange(db, async (tx) => {
    const [updated] = await tx
      .update(savedViews)
      .set({ shared: input.shared, updatedAt: sql`now()` })
      .where(and(eq(savedViews.id, input.id), eq(savedViews.ownerId, actor.id)))
      .returning();
    if (!updated) throw refusals.notFound();
    // A view made private again is no one else's default any more.
    if (!input.shared) {
      await tx
        .delete(savedViewDefaults)
        .where(and(eq(savedViewDefaults.viewId, updated.id), sql`${savedViewDefaults.staffId} <> ${actor.id}`));
    }
    return { result: updated, audit: auditEntry(actor, requestId, action, updated.id, "success", describe(updated)) };
  });
  return { view: toView({ ...row, ownerName: actor.name }, actor) };
}

export async function deleteView({ db, actor, requestId, input }: Audited & { input: { id: string } }): Promise<{ deleted: string }> {
  const found = await findVisibleView(db, actor, input.id);
  if (!found) throw refusals.notFound();
  const mine = found.ownerId === actor.id;
  if (!mine && !(found.shared && actor.role === "admin")) {
    await writeAudit({ db, ...auditEntry(actor, requestId, "view.delete", found.id, "denied", describe(found)) });
    throw fail(GUARD_ERRORS, "forbidden", "Only the member who saved this view, or an administrator, can delete it.");
  }
  // Members' defaults on it go with it (ON DELETE CASCADE): their page then opens unfiltered.
  return auditedChange(db, async (tx) => {
    const [row] = await tx.delete(savedViews).where(eq(savedViews.id, found.id)).returning();
    if (!row) throw refusals.notFound();
    return {
      result: { deleted: row.id },
      audit: auditEntry(actor, requestId, "view.delete", row.id, "success", {
        ...describe(row),
        ...(mine ? {} : { owner: found.ownerName }),
      }),
    };
  });
}

export async function setDefaultView({
  db,
  actor,
  requestId,
  input,
}: Audited & { input: { page: ViewPage; view: string | null } }): Promise<{ defaultId: string | null }> {
  requirePage(actor, input.page);
  if (input.view === null) {
    await auditedChange(db, async (tx) => {
      await tx.delete(savedViewDefaults).where(and(eq(savedViewDefaults.staffId, actor.id), eq(savedViewDefaults.page, input.page)));
      return { result: undefined, audit: auditEntry(actor, requestId, "view.default", null, "success", { page: input.page, view: null }) };
    });
    return { defaultId: null };
  }
  const found = await findVisibleView(db, actor, input.view, input.page);
  if (!found) throw refusals.notFound();
  try {
    await auditedChange(db, async (tx) => {
      await tx
        .insert(savedViewDefaults)
        .values({ staffId: actor.id, page: input.page, viewId: found.id })
        .onConflictDoUpdate({
          target: [savedViewDefaults.staffId, savedViewDefaults.page],
          set: { viewId: found.id, updatedAt: sql`now()` },
        });
      return { result: undefined, audit: auditEntry(actor, requestId, "view.default", found.id, "success", describe(found)) };
    });
  } catch (error) {
    // Deleted between the check and the write: the foreign key refuses it.
    if (isForeignKeyViolation(error)) throw refusals.notFound();
    throw error;
  }
  return { defaultId: found.id };
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23503") return true;
  }
  return false;
}

function describe(row: SavedViewRow): Record<string, unknown> {
  return { page: row.page, name: row.name, shared: row.shared, filters: Object.keys(row.filters) };
}

function auditEntry(
  actor: ViewActor,
  requestId: string,
  action: string,
  target: string | null,
  outcome: "success" | "denied" | "failure",
  detail: Record<string, unknown>,
) {
  return { actor: { id: actor.id, email: actor.email, role: actor.role }, action, target, outcome, requestId, detail };
}
