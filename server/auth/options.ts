import "server-only";
import { randomUUID } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { writeAuditQuietly } from "@/server/audit/writer";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { log } from "@/server/log";
import { dummyPasswordHash, verifyPassword } from "./password";
import { safeRedirect } from "./safe-redirect";
import { authSecret } from "./secret";
import { IDLE_TIMEOUT_SECONDS, isPastAbsoluteLimit } from "./session-policy";
import { findStaffByEmail, findStaffById, markSignedIn, normaliseEmail, toMember } from "./staff-repo";
import { clearFailures, recordFailure, remainingWaitMs } from "./throttle";

export const SIGN_IN_MESSAGES = {
  wrong: "That email and password do not match an active staff account.",
  throttled: (seconds: number) => `Too many failed attempts for this account. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
  invalid: "Enter your work email and password.",
};

const credentialsSchema = z.object({ email: z.email().max(254), password: z.string().min(1).max(1024) });

async function authorize(raw: Record<string, string> | undefined) {
  const parsed = credentialsSchema.safeParse(raw ?? {});
  if (!parsed.success) throw new Error(SIGN_IN_MESSAGES.invalid);
  const email = normaliseEmail(parsed.data.email);
  const database = await db();
  const requestId = randomUUID();
  const wait = await remainingWaitMs(database, email);
  if (wait > 0) {
    await writeAuditQuietly({ actor: { id: null, email, role: null }, action: "auth.sign_in", outcome: "denied", requestId, detail: { reason: "throttled" } });
    throw new Error(SIGN_IN_MESSAGES.throttled(Math.ceil(wait / 1000)));
  }
  const row = await findStaffByEmail(database, email);
  const ok = await verifyPassword(parsed.data.password, row?.passwordHash ?? (await dummyPasswordHash()));
  if (!row || !ok || row.status !== "active") {
    await recordFailure(database, email);
    await writeAuditQuietly({
      actor: { id: row?.id ?? null, email, role: row?.role ?? null },
      action: "auth.sign_in",
      outcome: "failure",
      requestId,
      detail: { reason: !row ? "unknown_account" : !ok ? "wrong_password" : "disabled" },
    });
    throw new Error(SIGN_IN_MESSAGES.wrong);
  }
  await clearFailures(database, email);
  await markSignedIn(database, row.id);
  const member = toMember(row);
  await writeAuditQuietly({ actor: member, action: "auth.sign_in", outcome: "success", requestId });
  return { id: member.id, email: member.email, name: member.name };
}

let cached: NextAuthOptions | undefined;

/** next-auth configuration: staff credentials, a JWT session in an HttpOnly cookie. */
export function authOptions(): NextAuthOptions {
  if (cached) return cached;
  const secure = env().environment === "production";
  cached = {
    secret: authSecret(),
    useSecureCookies: secure,
    session: { strategy: "jwt", maxAge: IDLE_TIMEOUT_SECONDS },
    jwt: { maxAge: IDLE_TIMEOUT_SECONDS },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    cookies: {
      sessionToken: {
        name: secure ? "__Secure-backoffice.session" : "backoffice.session",
        options: { httpOnly: true, sameSite: "lax", path: "/", secure },
      },
    },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Staff account",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize,
      }),
    ],
    callbacks: {
      redirect: safeRedirect,
      // Each session read re-issues the cookie with a fresh 30-minute expiry (the idle timeout);
      // loginAt never moves, which bounds the whole session at 12 hours.
      jwt({ token, user }) {
        if (user) return { sub: user.id, email: user.email, name: user.name, loginAt: Date.now() };
        if (isPastAbsoluteLimit(token.loginAt as number | undefined)) return {};
        return token;
      },
      session({ session, token }) {
        return { ...session, staffId: token.sub, loginAt: token.loginAt as number | undefined };
      },
    },
    // Routed into our logger; the NEXTAUTH_URL warning is moot because no next-auth redirect is used.
    logger: {
      error: (code, metadata) => log.error({ code, metadata }, "next-auth error"),
      warn: (code) => {
        if (code !== "NEXTAUTH_URL") log.warn({ code }, "next-auth warning");
      },
      debug: () => {},
    },
    events: {
      async signOut({ token }) {
        if (!token?.sub) return;
        const row = await findStaffById(await db(), token.sub);
        await writeAuditQuietly({
          actor: { id: token.sub, email: row?.email ?? token.email ?? null, role: row?.role ?? null },
          action: "auth.sign_out",
          outcome: "success",
          requestId: randomUUID(),
        });
      },
    },
  };
  return cached;
}
