import type * as business from "../business";
import { endpoint } from "./endpoint";

export const getBusiness = endpoint<typeof business.getBusiness>({ method: "GET", path: "/api/v1/business" });
