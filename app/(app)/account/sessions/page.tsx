import type { Metadata } from "next";
import { OwnSessions } from "@/components/account/own-sessions";
import { page } from "@/server/http/page";

export const metadata: Metadata = { title: "Your sessions" };

export default page({ capability: "account.self" }, () => <OwnSessions />);
