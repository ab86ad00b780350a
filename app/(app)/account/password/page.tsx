import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { RoleForbidden } from "@/components/shell/role-forbidden";
import { PageHeader } from "@/components/ui";
import { staffWith } from "@/server/pages/require-staff";

export const metadata: Metadata = { title: "Your password" };

export default async function PasswordPage() {
  const { allowed } = await staffWith("account.self");
  if (!allowed) return <RoleForbidden area="Your password" />;
  return (
    <>
      <PageHeader title="Your password" subtitle="Changing it signs you out everywhere else." />
      <ChangePasswordForm />
    </>
  );
}
