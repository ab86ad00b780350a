import type { PageGuard } from "@/server/http/page";

/** Every finance page: readable by the roles with finance.read; a bad id sends the reader back to the finance search. */
export const financePage = {
  capability: "finance.read",
  area: "finance pages",
  back: { href: "/finance", label: "Find by id" },
} as const satisfies PageGuard<never>;
