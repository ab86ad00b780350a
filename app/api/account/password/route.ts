import { changePasswordSchema } from "@/lib/schemas/password";
import { sessionIdOf } from "@/server/auth/session-id";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { db } from "@/server/db/client";
import { changeOwnPassword } from "@/server/staff/password";

export const POST = route({ capability: "account.self", action: "staff.password.change", body: changePasswordSchema }, async ({ staff, body, requestId }) =>
  changeOwnPassword(await db(), staff, sessionIdOf(staff), body, requestId),
);
