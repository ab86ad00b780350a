import * as businessContracts from "@/lib/contracts/business";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { upstream } from "@/server/upstream/client";

const get = route(businessContracts.getBusiness, () => upstream().getBusiness());

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
