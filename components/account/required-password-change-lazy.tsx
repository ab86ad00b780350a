"use client";

import { lazy, Suspense, type ComponentProps } from "react";

/**
 * The required-password screen is drawn by the signed-in layout, so a static import would put the
 * password form, its mutation and its fields into every page's first load, for the rare member an
 * administrator has just reset. Still rendered on the server when it is shown.
 */
const Screen = lazy(() => import("./required-password-change").then((m) => ({ default: m.RequiredPasswordChange })));

export function RequiredPasswordChange(props: ComponentProps<typeof Screen>) {
  return (
    <Suspense fallback={null}>
      <Screen {...props} />
    </Suspense>
  );
}
