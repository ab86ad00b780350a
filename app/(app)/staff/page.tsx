import type { Metadata } from "next";
import { StaffManagement } from "@/components/staff/staff-management";
import { page } from "@/app/page-guard";

export const metadata: Metadata = { title: "Staff" };

export default page({ capability: "staff.manage", area: "staff management" }, ({ staff }) => <StaffManagement currentStaffId={staff.id} />);
