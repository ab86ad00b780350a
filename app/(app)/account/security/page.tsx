import type { Metadata } from "next";
import { AccountSecurity } from "@/components/account/security/account-security";
import { RoleForbidden } from "@/components/shell/role-forbidden";
import { staffWith } from "@/server/pages/require-staff";

export const metadata: Metadata = { title: "Security" };

export default async function SecurityPage() {
  const { allowed } = await staffWith("account.self");
  return allowed ? <AccountSecurity /> : <RoleForbidden area="Security" />;
}
