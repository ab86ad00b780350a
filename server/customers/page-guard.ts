import type { PageGuard } from "@/server/http/page";

/** The customer pages: readable by the roles that see verification. */
export const customersPage = { capability: "verification.read", area: "Customer operations" } as const satisfies PageGuard<never>;
