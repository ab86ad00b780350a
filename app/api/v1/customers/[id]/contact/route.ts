import { idParams } from "@/lib/route-params";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { readContact } from "@/server/customers/contacts";
import { db } from "@/server/db/client";

export const GET = route({ capability: "verification.read", action: "customer.contact.read", params: idParams }, async ({ params }) => readContact(await db(), params.id));
