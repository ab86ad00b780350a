import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { navFor } from "@/lib/navigation";
import { env } from "@/server/env";
import { requireStaff } from "@/server/pages/require-staff";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const staff = await requireStaff();
  return (
    <AppShell staff={{ name: staff.name, email: staff.email, role: staff.role }} nav={navFor(staff.role)} environment={env().environment}>
      {children}
    </AppShell>
  );
}
