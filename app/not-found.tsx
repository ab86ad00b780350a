import type { Metadata } from "next";
import { buttonClasses } from "@/components/ui/button";

export const metadata: Metadata = { title: "Page not found" };

/**
 * Outside the (app) layout: only a visitor without a usable session gets here (an unknown address
 * of a signed-in member is the (app) layout's 404, app/(app)/[...missing]). Kept to a link and a
 * heading, since Next.js loads what this file imports with every page: a plain link, not next/link,
 * whose client code came as a script of its own on the sign-in page, beside the sign-in form's.
 */
export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="text-slate-600">There is no page at this address.</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load is right for a visitor without a session, and keeps next/link out of this file */}
      <a href="/" className={buttonClasses("secondary", "sm")}>
        Go to the back-office
      </a>
    </main>
  );
}
