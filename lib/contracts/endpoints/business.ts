import type * as business from "@/lib/contracts/business";
import { endpoint } from "./endpoint";

export const getBusiness = endpoint<typeof business.getBusiness>({ method: "GET", path: "/api/v1/business" });
