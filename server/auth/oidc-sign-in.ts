import "server-only";
import { randomUUID } from "node:crypto";
import { auditedChange } from "@/server/audit/audited-change";
import { writeAuditQuietly } from "@/server/audit/writer";
import type { Db } from "@/server/db/types";
import { ADDRESS_NOT_ALLOWED } from "./address-allowlist";
import { isEmailVerified } from "./oidc-claims";
import type { SignInClient } from "./sign-in";
import { createSession } from "./session-store";
import { exactStaffEmail, findStaffByEmail, markSignedIn, toMember } from "./staff-repo";

/**
 * Why an identity from the IdP was refused. Each is the `error` code next-auth carries to the
 * sign-in page (a plain word, so the auth route's input check lets it through).
 */
export const OIDC_REFUSALS = {
  unverified: "SsoEmailUnverified",
  unknown: "SsoNotStaff",
  disabled: "SsoAccountDisabled",
  address: "SsoAddressNotAllowed",
} as const;
export type OidcRefusal = (typeof OIDC_REFUSALS)[keyof typeof OIDC_REFUSALS];

/** What the sign-in page shows for each refusal (and for next-auth's own OAuth failures). */
export function oidcRefusalMessage(code: string, providerName: string): string | null {
  switch (code) {
    case OIDC_REFUSALS.unverified:
      return `${providerName} did not confirm that your email address is verified, so it cannot be matched to a staff account. Ask your identity administrator to verify it.`;
    case OIDC_REFUSALS.unknown:
      return `Your ${providerName} email address is not a staff account of this back-office. Ask an administrator to add you.`;
    case OIDC_REFUSALS.disabled:
      return `Your staff account is disabled. Ask an administrator to re-enable it.`;
    case OIDC_REFUSALS.address:
      return ADDRESS_NOT_ALLOWED;
    case "OAuthSignin":
    case "OAuthCallback":
    case "Callback":
    case "AccessDenied":
      return `Signing in with ${providerName} did not complete. Try again.`;
    default:
      return null;
  }
}

export class OidcRefused extends Error {
  override name = "OidcRefused";
  constructor(readonly code: OidcRefusal) {
    super(code);
  }
}

export type OidcIdentity = { subject: string; email: unknown; emailVerified: unknown };
export type OidcSignedIn = { id: string; email: string; name: string; sid: string };

/**
 * Matches an identity the IdP vouched for to an active staff row by verified email. The role is
 * the staff table's; the IdP only proves who the person is. Success opens a server-side session,
 * exactly like a password sign-in; every refusal is audited and thrown as OidcRefused.
 */
export async function signInWithOidc({
  db,
  identity,
  client,
}: {
  db: Db;
  identity: OidcIdentity;
  client: SignInClient;
}): Promise<OidcSignedIn> {
  const requestId = randomUUID();
  const claimed = typeof identity.email === "string" ? identity.email : null;
  // Matched only as the staff form would store it already: a look-alike letter (the Kelvin sign for
  // "K") or a hidden character (U+FEFF) must not be folded into a member's address.
  const email = claimed === null ? null : exactStaffEmail(claimed);
  const verified = isEmailVerified(identity.emailVerified);
  const refuse = async (code: OidcRefusal, reason: string, actor: { id: string | null; role: string | null }) => {
    await writeAuditQuietly({
      db,
      actor: { id: actor.id, email: email ?? claimed?.slice(0, 254) ?? null, role: actor.role },
      action: "auth.sign_in",
      outcome: "denied",
      requestId,
      detail: { method: "oidc", reason, subject: identity.subject.slice(0, 200) },
    });
    return new OidcRefused(code);
  };
  if (!claimed || !verified)
    throw await refuse(OIDC_REFUSALS.unverified, claimed ? "email_unverified" : "no_email", { id: null, role: null });
  if (!email) throw await refuse(OIDC_REFUSALS.unknown, "email_not_plain", { id: null, role: null });
  const row = await findStaffByEmail(db, email);
  if (!row) throw await refuse(OIDC_REFUSALS.unknown, "unknown_account", { id: null, role: null });
  if (row.status !== "active") throw await refuse(OIDC_REFUSALS.disabled, "disabled", { id: row.id, role: row.role });

  const member = toMember(row);
  // No session without its entry, as for a password sign-in (./sign-in.ts), nor for an account disabled meanwhile.
  const signedIn = await auditedChange(db, async (tx) => {
    if (!(await markSignedIn(tx, row.id, null))) return { result: null, audit: null };
    const sid = await createSession(tx, row.id, client);
    return {
      result: { id: member.id, email: member.email, name: member.name, sid },
      audit: { actor: member, action: "auth.sign_in", outcome: "success", requestId, detail: { method: "oidc", session: sid } },
    };
  });
  if (signedIn) return signedIn;
  throw await refuse(OIDC_REFUSALS.disabled, "disabled", { id: row.id, role: row.role });
}
