import { getCustomerContact } from "@/lib/contracts/customers";
import { route } from "@/server/http/route";
import { readContact } from "@/server/customers/contacts";
import { db } from "@/server/db/client";

export const GET = route(getCustomerContact, async ({ params }) => readContact(await db(), params.id));
