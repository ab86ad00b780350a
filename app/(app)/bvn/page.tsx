import type { Metadata } from "next";
import { BvnLookup } from "@/components/compliance/bvn-lookup";
import { RoleForbidden } from "@/components/shell/role-forbidden";
import { staffWith } from "@/server/pages/require-staff";

export const metadata: Metadata = { title: "BVN lookup" };

export default async function BvnPage() {
  const { allowed } = await staffWith("bvn.lookup");
  return allowed ? <BvnLookup /> : <RoleForbidden area="BVN lookup" />;
}
