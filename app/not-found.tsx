import type { Metadata } from "next";
import Link from "next/link";
import { AppShell } from "@/components/shell/app-shell";
import { buttonClasses } from "@/components/ui/button";
import { navFor } from "@/lib/navigation";
import { pageSessionStaff } from "@/server/http/page";
import { env } from "@/server/env";
import AppNotFound from "./(app)/not-found";

export const metadata: Metadata = { title: "Page not found" };

/**
 * An address no route matches lands here, outside the (app) layout. A signed-in staff member gets
 * the same shell as everywhere else (menu, who is signed in, sign out) around the 404; anyone else
 * a plain page with the way to sign in.
 */
export default async function NotFound() {
  const staff = await pageSessionStaff();
  if (staff) {
    return (
      <AppShell
        staff={{ name: staff.name, email: staff.email, role: staff.role, timeZone: staff.timeZone ?? null }}
        nav={navFor(staff.role)}
        environment={env().environment}
      >
        <AppNotFound />
      </AppShell>
    );
  }
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="text-slate-600">There is no page at this address.</p>
      <Link href="/" className={buttonClasses("secondary", "sm")}>
        Go to the back-office
      </Link>
    </main>
  );
}
