import { Link } from "@/components/ui/link";
import { cx, focusRing } from "@/components/ui/cx";
import { type Role } from "@/lib/permissions";
import { roleLabels } from "@/lib/format/role-label";
import { SignOutButton } from "./sign-out-button";

export type SignedInStaff = {
  name: string;
  email: string;
  role: Role;
  /** Saved zone; null follows the browser. */ timeZone: string | null;
};

/**
 * Who is signed in and what they can do about their own account. Drawn once in the header on wide
 * screens and once in the menu drawer on narrow ones, so a link about the account added here shows
 * in both.
 */
export function AccountBlock({ staff, layout }: { staff: SignedInStaff; layout: "header" | "drawer" }) {
  const inHeader = layout === "header";
  return (
    <div className={inHeader ? "flex items-center gap-4 text-sm" : "flex flex-col gap-3 text-sm"}>
      <div className={inHeader ? "min-w-0 text-right leading-tight" : "min-w-0 leading-tight"} data-testid="signed-in-staff">
        <div className="truncate font-medium">{staff.name}</div>
        <div className="text-xs break-all text-slate-500">
          {staff.email} · {roleLabels[staff.role]}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Link
          href="/account/sessions"
          className={cx("rounded whitespace-nowrap text-slate-600 hover:text-slate-900 hover:underline", focusRing)}
        >
          Your sessions
        </Link>
        <Link
          href="/account/security"
          className={cx("rounded whitespace-nowrap text-slate-600 hover:text-slate-900 hover:underline", focusRing)}
        >
          Security
        </Link>
        <Link
          href="/account/password"
          className={cx("rounded whitespace-nowrap text-slate-600 hover:text-slate-900 hover:underline", focusRing)}
        >
          Your password
        </Link>
        <SignOutButton />
      </div>
    </div>
  );
}
