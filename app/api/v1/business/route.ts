import { route } from "@/server/bff/route";
import { upstream } from "@/server/upstream/client";

export const GET = route({ capability: "business.read", action: "business.read" }, () => upstream().getBusiness());
