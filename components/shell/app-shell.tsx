import Link from "next/link";
import type { ReactNode } from "react";
import type { NavItem } from "@/lib/navigation";
import { roleLabels, type Role } from "@/lib/permissions";
import { ActivityKeepAlive } from "./activity-keep-alive";
import { EnvironmentBadge } from "./environment-badge";
import { NavLinks } from "./nav-links";
import { SignOutButton } from "./sign-out-button";

type Props = {
  staff: { name: string; email: string; role: Role };
  nav: NavItem[];
  environment: "sandbox" | "production";
  children: ReactNode;
};

export function AppShell({ staff, nav, environment, children }: Props) {
  return (
    <div className="min-h-screen">
      {environment === "sandbox" ? (
        <div className="bg-amber-400 px-4 py-1 text-center text-xs font-semibold text-amber-950" role="note">
          Sandbox environment — test data only, no real money moves.
        </div>
      ) : null}
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-3">
          <div className="flex items-center gap-3">
            <Link href="/" className="font-semibold text-slate-900">
              Payments back-office
            </Link>
            <EnvironmentBadge environment={environment} />
          </div>
          <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 text-sm">
            <div className="text-right leading-tight" data-testid="signed-in-staff">
              <div className="font-medium">{staff.name}</div>
              <div className="text-xs text-slate-500">
                {staff.email} · {roleLabels[staff.role]}
              </div>
            </div>
            <Link href="/account/sessions" className="rounded text-slate-600 hover:text-slate-900 hover:underline">
              Your sessions
            </Link>
            <Link href="/account/password" className="rounded text-slate-600 hover:text-slate-900 hover:underline">
              Your password
            </Link>
            <SignOutButton />
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
        <nav aria-label="Main" className="md:w-52 md:shrink-0">
          <NavLinks items={nav} />
        </nav>
        <main className="min-w-0 flex-1">{children}</main>
      </div>
      <ActivityKeepAlive />
    </div>
  );
}
