import type { Metadata } from "next";
import { AccountSecurity } from "@/components/account/security/account-security";
import { page } from "@/app/page-guard";

export const metadata: Metadata = { title: "Security" };

export default page({ capability: "account.self" }, () => <AccountSecurity />);
