import "server-only";
import { randomUUID } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { headers } from "next/headers";
import { safeCallbackUrl } from "@/lib/safe-callback";
import { writeAuditQuietly } from "@/server/audit/writer";
import { db as openDb } from "@/server/db/client";
import { env } from "@/server/env";
import { log } from "@/server/log";
import { ADDRESS_NOT_ALLOWED, addressAllowed } from "./address-allowlist";
import { clientAddress } from "./client-address";
import { nextAuthLogger } from "./next-auth-logger";
import { oidcProvider } from "./oidc-provider";
import { OIDC_REFUSALS, OidcRefused, signInWithOidc } from "./oidc-sign-in";
import { authSecret } from "./secret";
import { IDLE_TIMEOUT_SECONDS, SESSION_ENDED } from "./session-policy";
import { isSessionId, markSingleSignOn, openSession, revokeSession } from "./session-store";
import { authCookies } from "./session-cookie-name";
import { decodeSessionToken } from "./session-token";
import { signIn, SignInRefused, type SignInClient } from "./sign-in";
import { findStaffById } from "./staff-repo";

export { SIGN_IN_MESSAGES } from "./sign-in";

type RequestLike = { headers?: Record<string, string | string[] | undefined> } | undefined;

export const PASSWORD_SIGN_IN_OFF = "Password sign-in is switched off. Use single sign-on.";

async function authorize(raw: Record<string, string> | undefined, req: RequestLike) {
  if (!env().passwordSignIn) throw new SignInRefused(PASSWORD_SIGN_IN_OFF);
  const headers = req?.headers;
  const userAgent = headers?.["user-agent"];
  try {
    const db = await openDb();
    const address = clientAddress(headers);
    // Outside the address allowlist no password is checked and no budget spent.
    if (!(await addressAllowed(db, address))) throw new SignInRefused(ADDRESS_NOT_ALLOWED);
    return await signIn({ db, input: raw, client: { address, userAgent: typeof userAgent === "string" ? userAgent : "" } });
  } catch (error) {
    if (error instanceof SignInRefused) throw error;
    log.error({ err: error }, "sign-in failed");
    throw new Error("Sign-in failed on our side. Try again in a moment.");
  }
}

/**
 * The cookie's session must still be open in the database (within its idle and 12-hour limits, on
 * the database's clock: see openSession), and the request come from inside the address allowlist as
 * route() requires. Throwing here makes next-auth answer "no session" and clear the cookie instead of
 * re-issuing it (see core/routes/session).
 */
async function assertOpen(token: Record<string, unknown>): Promise<void> {
  const db = await openDb();
  // Before the session is read: from outside, a (stolen) cookie is neither answered nor kept alive.
  if (!(await addressAllowed(db, clientAddress(await headers())))) throw new Error(ADDRESS_NOT_ALLOWED);
  const open = await openSession(db, token.sid);
  if (!open || open.staff.id !== token.sub || open.staff.status !== "active") throw new Error(SESSION_ENDED);
}

/** The browser's address and user agent for the session row; callbacks get no request, but run inside it. */
async function requestClient(): Promise<SignInClient> {
  const incoming = await headers();
  return { address: clientAddress(incoming), userAgent: incoming.get("user-agent") ?? "" };
}

let cached: NextAuthOptions | undefined;

/** next-auth configuration: staff credentials, a JWT session in an HttpOnly cookie naming a server-side session. */
export function authOptions(): NextAuthOptions {
  if (cached) return cached;
  // Every auth cookie's name and flags follow the public URL, not the environment's name.
  const cookies = authCookies(env().publicUrl);
  const oidc = oidcProvider();
  cached = {
    secret: authSecret(),
    useSecureCookies: cookies.sessionToken.options.secure === true,
    session: { strategy: "jwt", maxAge: IDLE_TIMEOUT_SECONDS },
    jwt: { maxAge: IDLE_TIMEOUT_SECONDS, decode: decodeSessionToken },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    cookies,
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Staff account",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize,
      }),
      ...(oidc ? [oidc] : []),
    ],
    callbacks: {
      // A password sign-in was fully checked in authorize. An IdP identity is matched here to an
      // active staff row by verified email, and `user` becomes that row with a new server-side
      // session, so the jwt callback treats both ways in alike. A thrown code lands on /sign-in?error=.
      async signIn({ user, account, profile }) {
        if (account?.provider !== "oidc") return true;
        const claims = (profile ?? {}) as { sub?: unknown; email?: unknown; email_verified?: unknown };
        try {
          const db = await openDb();
          const client = await requestClient();
          // The allowlist holds for single sign-on as for a password: no session is opened outside it.
          if (!(await addressAllowed(db, client.address))) throw new OidcRefused(OIDC_REFUSALS.address);
          const signedIn = await signInWithOidc({
            db,
            identity: {
              subject: String(claims.sub ?? account.providerAccountId),
              email: claims.email,
              emailVerified: claims.email_verified,
            },
            client,
          });
          // Before the cookie exists: the session owes the provider's checks, never our code or password.
          await markSingleSignOn(db, signedIn.sid);
          Object.assign(user, signedIn);
          return true;
        } catch (error) {
          if (error instanceof OidcRefused) throw error;
          log.error({ err: error }, "single sign-on failed");
          throw new Error("Callback");
        }
      },
      // Each session read re-issues the cookie with a fresh 30-minute expiry (the idle timeout),
      // but only while the server-side session is open. The 12-hour bound is the session row's
      // creation on the database's clock, so the cookie carries no sign-in time of this instance's.
      async jwt({ token, user }) {
        if (user) {
          const sid = (user as { sid?: string }).sid;
          return { sub: user.id, email: user.email, name: user.name, sid };
        }
        await assertOpen(token);
        return token;
      },
      session({ session, token }) {
        return { ...session, staffId: token.sub, sid: token.sid };
      },
      // next-auth's own redirects stay on our paths; a hostile callbackUrl becomes "/". The answer
      // must be absolute: next-auth's client parses it with `new URL()`.
      redirect({ url, baseUrl }) {
        const path = url.startsWith(`${baseUrl}/`) ? url.slice(baseUrl.length) : url;
        return `${baseUrl}${safeCallbackUrl(path)}`;
      },
    },
    logger: nextAuthLogger,
    events: {
      // Sign-out ends the session in the database, so a copy of the cookie is dead too.
      async signOut({ token }) {
        if (!token?.sub) return;
        const db = await openDb();
        const ended = isSessionId(token.sid) ? await revokeSession(db, token.sub, token.sid) : false;
        const row = await findStaffById(db, token.sub);
        // Not auditedChange: no one retries a sign-out, so its session ends even if the entry cannot be written.
        await writeAuditQuietly({
          db,
          actor: { id: token.sub, email: row?.email ?? token.email ?? null, role: row?.role ?? null },
          action: "auth.sign_out",
          outcome: "success",
          requestId: randomUUID(),
          detail: { session: isSessionId(token.sid) ? token.sid : null, ended },
        });
      },
    },
  };
  return cached;
}
