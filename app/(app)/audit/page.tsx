import type { Metadata } from "next";
import { AuditTrail } from "@/components/audit/audit-trail";
import { RoleForbidden } from "@/components/shell/role-forbidden";
import { loadAuditPage } from "@/server/audit/page-data";
import { staffWith } from "@/server/pages/require-staff";

export const metadata: Metadata = { title: "Audit trail" };

export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { staff, allowed } = await staffWith("audit.read");
  if (!allowed) return <RoleForbidden area="The audit trail" />;
  const data = await loadAuditPage(await searchParams, staff.timeZone ?? null);
  return <AuditTrail filters={data.filters} appliedZone={data.appliedZone} errors={data.errors} raw={data.raw} page={data.page} choices={data.choices} />;
}
