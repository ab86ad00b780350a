import type { Metadata } from "next";
import { BvnLookup } from "@/components/compliance/bvn-lookup";
import { firstSteps } from "@/server/sandbox/first-steps";
import { page } from "@/app/page-guard";

export const metadata: Metadata = { title: "BVN lookup" };

export default page({ capability: "bvn.lookup", area: "the BVN lookup" }, () => <BvnLookup tryThis={firstSteps()?.bvn ?? null} />);
