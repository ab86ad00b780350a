"use client";

import { lazyPart } from "@/components/ui/lazy-part";

/**
 * The required-password screen is drawn by the signed-in layout, so a static import would put the
 * password form, its mutation and its fields into every page's first load, for the rare member an
 * administrator has just reset. Still rendered on the server when it is shown.
 */
export const RequiredPasswordChange = lazyPart(() => import("./required-password-change"), "RequiredPasswordChange");
