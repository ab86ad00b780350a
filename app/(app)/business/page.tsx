import type { Metadata } from "next";
import { BusinessProfile } from "@/components/business/business-profile";
import { page } from "@/app/page-guard";

export const metadata: Metadata = { title: "Business profile" };

export default page({ capability: "business.read", area: "the business profile" }, () => <BusinessProfile />);
