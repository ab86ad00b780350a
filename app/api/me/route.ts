import { route } from "@/server/bff/route";

/** The signed-in staff member; no upstream call (the benchmark uses it as the framework's ceiling). */
export const GET = route({ capability: "business.read", action: "session.read" }, async ({ staff }) => ({
  id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  timeZone: staff.timeZone ?? null,
}));
