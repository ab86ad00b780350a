import type { PageGuard } from "@/server/http/page";

/** The customer pages: readable by the roles that see verification. */
export const customersPage = { capability: "verification.read", area: "customer pages" } as const satisfies PageGuard<never>;
