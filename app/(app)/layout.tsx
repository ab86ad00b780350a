import type { ReactNode } from "react";
import { RequiredPasswordChange } from "@/components/account/required-password-change-lazy";
import { AppShell } from "@/components/shell/app-shell";
import { Providers } from "@/components/shell/providers";
import { navFor } from "@/lib/navigation";
import { mustChangePassword } from "@/server/auth/must-change-password";
import { env } from "@/server/env";
import { AddressRefusedView } from "@/app/page-guard-views";
import { layoutAddressAllowed, layoutStaff } from "@/server/http/page";

export default async function AppLayout({ children }: { children: ReactNode }) {
  // Outside the address allowlist the layout draws no shell (no names, no navigation): only the refusal.
  if (!(await layoutAddressAllowed())) return <AddressRefusedView />;
  const staff = await layoutStaff();
  // After an administrator's reset no page renders until the member has chosen a password.
  if (mustChangePassword(staff))
    return (
      <Providers>
        <RequiredPasswordChange email={staff.email} />
      </Providers>
    );
  return (
    <AppShell
      staff={{ name: staff.name, email: staff.email, role: staff.role, timeZone: staff.timeZone ?? null }}
      nav={navFor(staff.role)}
      environment={env().environment}
    >
      {children}
    </AppShell>
  );
}
