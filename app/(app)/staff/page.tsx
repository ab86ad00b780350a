import type { Metadata } from "next";
import { RoleForbidden } from "@/components/shell/role-forbidden";
import { StaffManagement } from "@/components/staff/staff-management";
import { staffWith } from "@/server/pages/require-staff";

export const metadata: Metadata = { title: "Staff" };

export default async function StaffPage() {
  const { staff, allowed } = await staffWith("staff.manage");
  return allowed ? <StaffManagement currentStaffId={staff.id} /> : <RoleForbidden area="Staff management" />;
}
