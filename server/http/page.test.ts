import { isValidElement, type ReactElement } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SignIn } from "@/server/auth/session";

const state: { signIn: SignIn | null; path: string | null; forwardedFor: string; sessionFailure: Error | null } = {
  signIn: null,
  path: null,
  forwardedFor: "127.0.0.1",
  sessionFailure: null,
};

// redirect() and notFound() end rendering by throwing; the test reads where they were sent.
class Redirect extends Error {}
class NotFound extends Error {}
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw new Redirect(to);
  },
  notFound: () => {
    throw new NotFound("not found");
  },
  // As Next's: its own control-flow errors are thrown on, anything else is left to the caller.
  unstable_rethrow: (error: unknown) => {
    if (error instanceof Redirect || error instanceof NotFound) throw error;
  },
}));
vi.mock("next/headers", () => ({
  headers: async () =>
    new Headers({ ...(state.path === null ? {} : { "x-page-path": state.path }), "x-forwarded-for": state.forwardedFor }),
}));
vi.mock("@/server/auth/session", () => ({
  currentSignIn: async () => {
    if (state.sessionFailure) throw state.sessionFailure;
    return state.signIn;
  },
  isSessionUsable: (signIn: SignIn) => signIn.secondFactor === "passed" || signIn.secondFactor === "not_required",
}));

const { layoutStaff, pageSignIn, pageWith } = await import("./page");
const { log } = await import("@/server/log");
const { db: openDb } = await import("@/server/db/client");
const { readAllowlist } = await import("@/server/auth/address-allowlist");
const { addressAllowlist } = await import("@/server/db/schema");
// The app side passes its drawn views in; the guard must answer with exactly the one it was given.
const ForbiddenView = () => null;
const InvalidIdView = () => null;
const AddressRefusedView = () => null;
const page = pageWith({ forbidden: ForbiddenView, invalidId: InvalidIdView, addressRefused: AddressRefusedView });
type PageContext<K extends string> = import("./page").PageContext<K>;

function signedIn(role: SignIn["staff"]["role"], secondFactor: SignIn["secondFactor"] = "not_required"): SignIn {
  return {
    staff: {
      id: `staff_${role}`,
      email: `${role}@example.com`,
      name: role,
      role,
      status: "active",
      sessionId: "sess_1",
      mustChangePassword: false,
    } as SignIn["staff"],
    secondFactor,
    secondFactorAt: null,
  };
}

function props(params: Record<string, string> = {}, searchParams: Record<string, string> = {}) {
  return { params: Promise.resolve(params), searchParams: Promise.resolve(searchParams) };
}

async function thrown(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the page to end rendering");
}

describe("page()", () => {
  const render = vi.fn((context: { params: Record<string, string> }) => `rendered ${JSON.stringify(context.params)}`);
  beforeEach(() => {
    state.signIn = null;
    state.path = null;
    state.forwardedFor = "127.0.0.1";
    state.sessionFailure = null;
    render.mockClear();
    vi.restoreAllMocks();
  });

  it("sends a reader without a session to sign-in, coming back to the page they asked for", async () => {
    state.path = "/transactions/txn_1?tab=raw";
    const error = await thrown(page({ capability: "finance.read" }, render)(props({ id: "txn_1" })));
    expect(error).toBeInstanceOf(Redirect);
    expect(error.message).toBe(`/sign-in?callbackUrl=${encodeURIComponent("/transactions/txn_1?tab=raw")}`);
    expect(render).not.toHaveBeenCalled();
  });

  it("never carries an unsafe path into the callback", async () => {
    for (const path of ["//evil.example/x", "/\\evil.example", "https://evil.example/"]) {
      state.path = path;
      const error = await thrown(page({}, render)(props()));
      expect(error.message, path).toBe("/sign-in");
    }
  });

  it("sends a session that still owes its second factor to the second-factor page", async () => {
    state.signIn = signedIn("finance", "pending");
    const error = await thrown(page({}, render)(props()));
    expect(error.message).toBe("/second-factor");
  });

  it("shows the forbidden view to a role without the capability, before looking at the ids", async () => {
    state.signIn = signedIn("ops");
    const result = (await page(
      { capability: "finance.read", area: "finance pages", ids: { id: "transaction" } },
      render,
    )(props({ id: "bad id!" }))) as ReactElement<{ area: string }>;
    expect(isValidElement(result) && result.type).toBe(ForbiddenView);
    expect(result.props.area).toBe("finance pages");
    expect(render).not.toHaveBeenCalled();
  });

  it("refuses every id segment outside the allowlist with the invalid-id view, and never renders", async () => {
    state.signIn = signedIn("finance");
    const guarded = page(
      {
        capability: "finance.read",
        ids: { id: "card", transactionId: "card transaction" },
        back: { href: "/finance", label: "Find by id" },
      },
      render,
    );
    const cases: [string, string, string][] = [
      ["card_1", "..", "card transaction"],
      ["a%2Fb", "ctx_1", "card"],
      ["%E0%A4%A", "ctx_1", "card"],
      ["x".repeat(129), "ctx_1", "card"],
      ["card_1", "ctx 1", "card transaction"],
      // An id holding a card number or a BVN is refused, and never echoed in the page.
      ["4111111111111111", "ctx_1", "card"],
      ["card_1", "4111-1111-1111-1111", "card transaction"],
      ["22222222222", "ctx_1", "card"],
    ];
    for (const [id, transactionId, label] of cases) {
      const result = (await guarded(props({ id, transactionId }))) as ReactElement<{ label: string; href: string }>;
      expect(isValidElement(result) && result.type, id + transactionId).toBe(InvalidIdView);
      expect(result.props.label).toBe(label);
      expect(result.props.href).toBe("/finance");
    }
    expect(render).not.toHaveBeenCalled();
  });

  it("titles an object page with its id, or with its kind alone when the id holds a card number or a BVN", async () => {
    const { objectPageTitle } = await import("./page");
    expect(objectPageTitle("Transaction", "txn_usd_0001")).toBe("txn_usd_0001 · Transaction");
    expect(objectPageTitle("Card transactions", "4111111111111111")).toBe("Card transactions");
    expect(objectPageTitle("Customer", "22222222222")).toBe("Customer");
  });

  it("renders with the staff member, the decoded ids and the query when all is well", async () => {
    state.signIn = signedIn("admin");
    let context: PageContext<"id"> | undefined;
    const result = await page({ capability: "finance.read", ids: { id: "card" } }, (seen) => {
      context = seen;
      return "the page";
    })(props({ id: "card_busy_0001" }, { sort: "date" }));
    expect(result).toBe("the page");
    expect(context?.staff.role).toBe("admin");
    expect(context?.params).toEqual({ id: "card_busy_0001" });
    expect(context?.searchParams).toEqual({ sort: "date" });
  });

  it("after a password reset renders only the member's own account pages, sending every other page to the password page", async () => {
    state.signIn = signedIn("admin");
    state.signIn.staff.mustChangePassword = true;
    for (const guard of [{ capability: "finance.read" as const }, { capability: "staff.manage" as const }, {}]) {
      // The same for a page's RSC payload: page() runs before anything of the page is sent.
      const error = await thrown(page(guard, render)(props()));
      expect(error, JSON.stringify(guard)).toBeInstanceOf(Redirect);
      expect(error.message).toBe("/account/password");
    }
    expect(render).not.toHaveBeenCalled();
    expect(await page({ capability: "account.self" }, render)(props())).toBe("rendered {}");
  });

  it("turns a render that finds nothing into the not-found page", async () => {
    state.signIn = signedIn("compliance");
    const error = await thrown(page({}, () => null)(props()));
    expect(error).toBeInstanceOf(NotFound);
  });

  it("answers an address outside the allowlist with the refusal view, before the session is looked at", async () => {
    const db = await openDb();
    const setList = async (ranges: string[]) => {
      await db.insert(addressAllowlist).values({ id: 1, ranges }).onConflictDoUpdate({ target: addressAllowlist.id, set: { ranges } });
      await readAllowlist({ db, headers: new Headers() }); // refreshes this instance's copy at once
    };
    try {
      await setList(["10.0.0.0/8"]);
      state.forwardedFor = "192.0.2.1";
      const refused = (await page({ capability: "finance.read" }, render)(props())) as ReactElement;
      expect(isValidElement(refused) && refused.type).toBe(AddressRefusedView);
      expect(render).not.toHaveBeenCalled();
      state.forwardedFor = "::ffff:10.1.2.3";
      state.signIn = signedIn("finance");
      expect(await page({ capability: "finance.read" }, render)(props())).toBe("rendered {}");
    } finally {
      await setList([]);
    }
  });

  describe("a failure while the page is made", () => {
    /** What Drizzle throws for a failed statement: its message quotes the SQL and its parameters. */
    const databaseError = () =>
      Object.assign(
        new Error(
          'Failed query: select "id" from "sessions" where "email" = $1 and "id" = $2\nparams: ada.admin@example.com,sess_9f8e7d6c5b4a',
        ),
        { query: 'select "id" from "sessions" where "email" = $1 and "id" = $2', params: ["ada.admin@example.com", "sess_9f8e7d6c5b4a"] },
      );

    function expectReplaced(thrownError: Error, original: Error, logged: ReturnType<typeof vi.spyOn>) {
      expect(thrownError).not.toBe(original);
      expect(thrownError.message).toBe("page failed");
      expect(JSON.stringify({ message: thrownError.message, cause: thrownError.cause ?? null })).not.toMatch(/ada\.admin|sess_9f8e|select/);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(logged).toHaveBeenCalledWith({ err: original }, "page failed");
    }

    it("in the render is logged through server/log and replaced by a plain error whose message carries nothing", async () => {
      const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
      state.signIn = signedIn("finance");
      const original = databaseError();
      const error = await thrown(
        page({}, () => {
          throw original;
        })(props()),
      );
      expectReplaced(error, original, logged);
    });

    it("in the session check (the database behind it) is replaced the same way", async () => {
      const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
      const original = databaseError();
      state.sessionFailure = original;
      expectReplaced(await thrown(page({}, render)(props())), original, logged);
      expect(render).not.toHaveBeenCalled();
    });

    it("in the layout's and the sign-in pages' own loads is replaced the same way", async () => {
      for (const load of [layoutStaff, pageSignIn]) {
        vi.restoreAllMocks();
        const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
        const original = databaseError();
        state.sessionFailure = original;
        expectReplaced(await thrown(load()), original, logged);
      }
    });

    it("leaves Next's own ends of a page (redirect, not found) unchanged and unlogged", async () => {
      const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
      expect(await thrown(page({}, render)(props()))).toBeInstanceOf(Redirect);
      expect(await thrown(layoutStaff())).toBeInstanceOf(Redirect);
      state.signIn = signedIn("compliance");
      expect(await thrown(page({}, () => null)(props()))).toBeInstanceOf(NotFound);
      expect(logged).not.toHaveBeenCalled();
    });
  });
});
