import "server-only";
import { isRole, roles, type Role } from "@/lib/permissions";
import { parseStaffEmail } from "@/lib/validation/staff-email";

export const STAFF_CLI_USAGE = `usage: npm run staff -- add <email> <${roles.join("|")}>   (password on standard input)`;

export type AddCommand = { ok: true; email: string; role: Role } | { ok: false; message: string };

/**
 * `add <email> <role>` read with the staff API's own email rule, so the CLI cannot create an
 * account (a look-alike address, say) that the staff page would refuse.
 */
export function parseAddCommand(argv: readonly string[]): AddCommand {
  const [command, rawEmail, role] = argv;
  if (command !== "add" || !rawEmail || !role) return { ok: false, message: STAFF_CLI_USAGE };
  const email = parseStaffEmail(rawEmail);
  if (!email.ok) return { ok: false, message: `"${rawEmail}" is refused: ${email.message}` };
  if (!isRole(role)) return { ok: false, message: `"${role}" is not a role; use one of: ${roles.join(", ")}.` };
  return { ok: true, email: email.email, role };
}
