import type { Metadata } from "next";
import { OwnSessions } from "@/components/account/own-sessions";
import { page } from "@/app/page-guard";

export const metadata: Metadata = { title: "Your sessions" };

export default page({ capability: "account.self" }, () => <OwnSessions />);
