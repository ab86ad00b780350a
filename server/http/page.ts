import "server-only";
import { headers } from "next/headers";
import { notFound, redirect, unstable_rethrow } from "next/navigation";
import { createElement, type ComponentType, type ReactNode } from "react";
import { can, type Capability } from "@/lib/permissions";
import { objectTitle } from "@/lib/navigation";
import { isValidPathParam } from "@/lib/path-params";
import { safeCallbackUrl } from "@/lib/safe-callback";
import { decodedOrNull } from "@/lib/url-decode";
import { addressAllowed } from "@/server/auth/address-allowlist";
import { clientAddress } from "@/server/auth/client-address";
import { closedUntilPasswordChanged } from "@/server/auth/must-change-password";
import { currentSignIn, currentStaff, isSessionUsable, type SignedInStaff, type SignIn } from "@/server/auth/session";
import { db as openDb } from "@/server/db/client";
import type { Db } from "@/server/db/types";
import { PAGE_PATH_HEADER } from "@/server/http/page-path";
import { log } from "@/server/log";
import { holdsSensitiveNumber, maskSensitiveDeep } from "@/server/privacy";
import { inSpan } from "@/server/observability/tracing";

type SearchParams = Record<string, string | string[] | undefined>;

export type PageGuard<K extends string> = {
  /** Who may see the page; left out, every signed-in staff member. */
  capability?: Capability;
  /** How the forbidden view names the page: "Only … may open {area}" ("finance pages", "the audit trail"). */
  area?: string;
  /** Each dynamic segment of the address, with what its id is of ("customer", "card"). */
  ids?: Record<K, string>;
  /** Where the invalid-id view sends the reader. */
  back?: { href: string; label: string };
};

export type PageContext<K extends string> = {
  /** The database, opened here and handed down: services take it from their input, never from a global. */
  db: Db;
  staff: SignedInStaff;
  /** The dynamic segments, decoded and checked against the id allowlist. */
  params: Record<K, string>;
  searchParams: SearchParams;
};

/**
 * The two views the guard answers with instead of the page. They are drawn on the app side
 * (app/page-guard-views.tsx) and passed in, so the server layer renders nothing of its own.
 */
export type PageGuardViews = {
  forbidden: ComponentType<{ area: string; capability: Capability }>;
  invalidId: ComponentType<{ label: string; href: string; linkLabel: string }>;
  /** The request's address is outside the address allowlist: a plain refusal, nothing of the page. */
  addressRefused: ComponentType;
};

type PageProps<K extends string> = { params: Promise<Record<K, string>>; searchParams: Promise<SearchParams> };

/**
 * Every server page in one shape: the session (or sign-in, coming back here), the role's capability
 * (a forbidden view inside the layout), the id segments (a clear invalid-id view, and no upstream
 * call), then the page itself. A render that answers null means the record does not exist: the
 * layout's not-found view. Its status stays 200 when the section's loading view has already been
 * sent (docs/security.md, Known gaps).
 */
export function pageWith(views: PageGuardViews) {
  return function page<K extends string = never>(guard: PageGuard<K>, render: (context: PageContext<K>) => ReactNode | Promise<ReactNode>) {
    return guardedPage(views, guard, render);
  };
}

function guardedPage<K extends string>(
  views: PageGuardViews,
  guard: PageGuard<K>,
  render: (context: PageContext<K>) => ReactNode | Promise<ReactNode>,
) {
  return async function GuardedPage(props: PageProps<K>): Promise<ReactNode> {
    return failingQuietly(() => renderGuarded(views, guard, render, props));
  };
}

async function renderGuarded<K extends string>(
  views: PageGuardViews,
  guard: PageGuard<K>,
  render: (context: PageContext<K>) => ReactNode | Promise<ReactNode>,
  props: PageProps<K>,
): Promise<ReactNode> {
  const db = await openDb();
  if (!(await requestAddressAllowed(db))) return createElement(views.addressRefused);
  const staff = await inSpan("session check", {}, () => pageStaff(db, guard.capability));
  if (guard.capability && !can(staff.role, guard.capability)) {
    return createElement(views.forbidden, { area: guard.area ?? "this page", capability: guard.capability });
  }
  const raw = props.params ? await props.params : ({} as Record<K, string>);
  const params = {} as Record<K, string>;
  for (const key of Object.keys(guard.ids ?? {}) as K[]) {
    const value = decodeSegment(raw[key]);
    // An id holding a card number or a BVN is none of ours, and is not echoed back in the page either.
    if (value === null || !isValidPathParam(value) || holdsSensitiveNumber(value)) {
      const back = guard.back ?? { href: "/", label: "Back to the back-office" };
      return createElement(views.invalidId, { label: guard.ids![key], href: back.href, linkLabel: back.label });
    }
    params[key] = value;
  }
  const searchParams = props.searchParams ? await props.searchParams : {};
  const result = await render({ db, staff, params, searchParams });
  if (result === null) notFound();
  return result;
}

/** The failures failingQuietly has already logged and replaced (a guarded load inside another is logged once). */
const replaced = new WeakSet<Error>();

/**
 * A page's (or the layout's) server work, its failure logged through server/log and replaced:
 * left to Next.js, it would print the error with console.error as multi-line text, and a database
 * error's message quotes its statement and parameters (an email, a session id). Logged, the error
 * is serialized (a database error keeps its SQLSTATE only) and masked; the error boundary gets a
 * plain `Error("page failed")` whose message carries nothing. Next's own control flow (redirect,
 * notFound, dynamic rendering's bail-outs) is thrown on unchanged: it is how a page ends, not a failure.
 */
async function failingQuietly<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    unstable_rethrow(error);
    if (error instanceof Error && replaced.has(error)) throw error;
    log.error({ err: error }, "page failed");
    const failure = new Error("page failed");
    replaced.add(failure);
    throw failure;
  }
}

/**
 * Data a server page hands to its components, as it leaves the server: masked by value like every
 * API answer (a card number or BVN under any key). Every page that reads server data passes it here.
 */
export function pageData<T>(data: T): T {
  return maskSensitiveDeep(data, "typed");
}

/** Where a member whose password was reset is sent from any other page. */
export const PASSWORD_CHANGE_PAGE = "/account/password";

/**
 * The signed-in staff member of a usable session for a page needing `capability`; otherwise sign-in
 * (back to this page after) or the second factor. After an administrator's reset only the member's
 * own account pages render, as route() allows only their own account routes: the layout hiding a
 * page is not enough, its render and data are still sent (an RSC request) unless refused here.
 */
export async function pageStaff(db: Db, capability: Capability | undefined): Promise<SignedInStaff> {
  const staff = await usableStaff(db);
  if (closedUntilPasswordChanged(staff, capability)) redirect(PASSWORD_CHANGE_PAGE);
  return staff;
}

/** The (app) layout's staff member, whatever they must do next (it draws the password change itself). */
export async function layoutStaff(): Promise<SignedInStaff> {
  return failingQuietly(async () => usableStaff(await openDb()));
}

async function usableStaff(db: Db): Promise<SignedInStaff> {
  const signIn = await currentSignIn(db);
  if (!signIn) redirect(await signInAddress());
  if (!isSessionUsable(signIn)) redirect("/second-factor");
  return signIn.staff;
}

/** Whether the request's address may use the back-office (the address allowlist). */
async function requestAddressAllowed(db: Db): Promise<boolean> {
  return addressAllowed(db, clientAddress(await headers()));
}

/** The (app) layout's allowlist check, as page() does it: the layout draws the refusal without the shell. */
export async function layoutAddressAllowed(): Promise<boolean> {
  return failingQuietly(async () => requestAddressAllowed(await openDb()));
}

/** For the pages outside page() (sign-in, second factor): the request's sign-in, usable or not, or null. */
export async function pageSignIn(): Promise<SignIn | null> {
  return failingQuietly(async () => currentSignIn(await openDb()));
}

/** For the pages outside page() (sign-in, the app-wide not-found): the staff member of a usable session, or null. */
export async function pageSessionStaff(): Promise<SignedInStaff | null> {
  return failingQuietly(async () => currentStaff(await openDb()));
}

async function signInAddress(): Promise<string> {
  const callbackUrl = safeCallbackUrl((await headers()).get(PAGE_PATH_HEADER));
  return callbackUrl === "/" ? "/sign-in" : `/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`;
}

function decodeSegment(value: unknown): string | null {
  return typeof value === "string" ? decodedOrNull(value) : null;
}

/**
 * An object page's title (objectTitle), but only the kind for an id that holds a card number or a
 * BVN: the title is shown in the tab and kept in the history, and the page refuses such an id.
 */
export function objectPageTitle(kind: string, id: string): string {
  const title = objectTitle(kind, id);
  return holdsSensitiveNumber(title) ? kind : title;
}
