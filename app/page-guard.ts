import { AddressRefusedView, ForbiddenView, InvalidIdView } from "@/app/page-guard-views";
import { pageWith } from "@/server/http/page";

export { pageData } from "@/server/http/page";
export type { PageContext, PageGuard } from "@/server/http/page";

/** Every server page's guard (server/http/page.ts) with the views it answers with, drawn on this side. */
export const page = pageWith({ forbidden: ForbiddenView, invalidId: InvalidIdView, addressRefused: AddressRefusedView });
