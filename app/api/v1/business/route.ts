import * as businessContracts from "@/lib/contracts/business";
import { route } from "@/server/http/route";
import { upstream } from "@/server/upstream/client";

export const GET = route(businessContracts.getBusiness, () => upstream().getBusiness());
