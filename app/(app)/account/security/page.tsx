import type { Metadata } from "next";
import { AccountSecurity } from "@/components/account/security/account-security";
import { page } from "@/server/http/page";

export const metadata: Metadata = { title: "Security" };

export default page({ capability: "account.self" }, () => <AccountSecurity />);
