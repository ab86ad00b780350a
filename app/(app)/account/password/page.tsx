import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { PageHeader } from "@/components/ui/page-header";
import { page } from "@/app/page-guard";

export const metadata: Metadata = { title: "Your password" };

export default page({ capability: "account.self" }, () => (
  <>
    <PageHeader title="Your password" subtitle="Changing it signs you out everywhere else." />
    <ChangePasswordForm />
  </>
));
