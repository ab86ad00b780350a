import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { cx, focusRing } from "@/components/ui/cx";
import { SHOWN_WHOLE, WholeEnd } from "@/components/ui/shown-whole";
import type { NavItem } from "@/lib/navigation";
import { AccountBlock, type SignedInStaff } from "./account-block";
import { ActivityKeepAlive } from "./activity-keep-alive";
import { CommandPalette } from "./command-palette";
import { EnvironmentBadge } from "./environment-badge";
import { MenuDrawer } from "./menu-drawer";
import { NavLinks } from "./nav-links";
import { RenderClock } from "./clock";
import { Providers } from "./providers";
import { TimeZoneProvider } from "./time-zone";
import { TimeZoneBadge } from "./time-zone-badge";

type Props = {
  staff: SignedInStaff;
  nav: NavItem[];
  environment: "sandbox" | "production";
  children: ReactNode;
};

export const MAIN_ID = "main-content";

/**
 * From 1024 px the menu is a column beside the page; below it, a drawer behind the menu button,
 * and the signed-in staff block moves into the drawer so the header fits a 360 px phone.
 */
export function AppShell({ staff, nav, environment, children }: Props) {
  // The query client starts here (and on the password-change and second-factor steps), not in the
  // root layout: the sign-in page reads nothing through it and keeps its first load near the framework's own.
  return (
    <Providers>
      <TimeZoneProvider stored={staff.timeZone}>
        {/* Relative times are counted from this until hydrated. A server component, drawn once per
            request (it reads the session), so this is when the page was drawn. */}
        {/* eslint-disable-next-line react-hooks/purity -- see above */}
        <RenderClock renderedAt={Date.now()}>
          <div className="min-h-screen">
            <a
              href={`#${MAIN_ID}`}
              className={cx(
                "sr-only rounded-md bg-white px-4 py-2 text-sm font-medium text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60]",
                focusRing,
              )}
            >
              Skip to main content
            </a>
            <header className="border-b border-slate-200 bg-white">
              {environment === "sandbox" ? (
                <div className="bg-[#fbbf24] px-4 py-1 text-center text-xs font-semibold text-[#451a03]" role="note">
                  Sandbox environment — test data only, no real money moves.
                </div>
              ) : null}
              {/* Tighter on a phone, so the name and the environment badge fit beside the buttons uncut. */}
              <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-3 sm:gap-3">
                <MenuDrawer nav={nav} account={<AccountBlock staff={staff} layout="drawer" />} />
                <div className="flex min-w-0 items-center gap-2 sm:gap-3">
                  <Link href="/" className={cx("truncate rounded text-sm font-semibold text-slate-900 sm:text-base", focusRing)}>
                    Payments back-office
                  </Link>
                  {/* On a phone the sandbox strip above already says it; the badge's room goes to the name and the time zone. */}
                  <span className={environment === "sandbox" ? "hidden sm:contents" : "contents"}>
                    <EnvironmentBadge environment={environment} />
                  </span>
                </div>
                <div data-testid="header-actions" className={cx("ml-auto flex items-center gap-2 sm:gap-3", SHOWN_WHOLE)}>
                  <TimeZoneBadge />
                  <CommandPalette nav={nav} />
                  <div className="hidden lg:block">
                    <AccountBlock staff={staff} layout="header" />
                  </div>
                  <WholeEnd />
                </div>
              </div>
            </header>
            <div className="mx-auto flex max-w-7xl gap-6 px-4 py-6">
              <nav aria-label="Main" className="hidden w-52 shrink-0 lg:block">
                <NavLinks items={nav} />
              </nav>
              {/* tabIndex -1: the skip link moves keyboard focus here, not only the scroll position. */}
              <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
                {children}
              </main>
            </div>
            <ActivityKeepAlive />
          </div>
        </RenderClock>
      </TimeZoneProvider>
    </Providers>
  );
}
