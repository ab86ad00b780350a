import type { Metadata } from "next";
import { AuditTrail } from "@/components/audit/audit-trail";
import { loadAuditPage } from "@/server/audit/page-data";
import { openSavedView } from "@/server/views/page";
import { page, pageData } from "@/app/page-guard";

export const metadata: Metadata = { title: "Audit trail" };

export default page({ capability: "audit.read", area: "the audit trail" }, async ({ db, staff, searchParams }) => {
  await openSavedView(db, staff, "audit", searchParams, "/audit");
  const data = pageData(await loadAuditPage({ db, input: searchParams, savedZone: staff.timeZone ?? null }));
  return <AuditTrail {...data} />;
});
