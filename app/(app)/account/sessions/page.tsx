import type { Metadata } from "next";
import { OwnSessions } from "@/components/account/own-sessions";
import { RoleForbidden } from "@/components/shell/role-forbidden";
import { staffWith } from "@/server/pages/require-staff";

export const metadata: Metadata = { title: "Your sessions" };

export default async function SessionsPage() {
  const { allowed } = await staffWith("account.self");
  return allowed ? <OwnSessions /> : <RoleForbidden area="Your sessions" />;
}
