import { idParams } from "@/lib/route-params";
import { route } from "@/server/bff/route";
import { readContact } from "@/server/customers/contacts";
import { db } from "@/server/db/client";

export const GET = route({ capability: "verification.read", action: "customer.contact.read", params: idParams }, async ({ params }) => readContact(await db(), params.id));
