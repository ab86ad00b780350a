"use client";

import { useState } from "react";
import { createPressGuard, sendOf, type PressSender } from "./press-guard";

/**
 * One request per press for a button that sends (forms have useFormSubmit): `press(vars)` sends at
 * most one request until the previous one settles, however quickly it is pressed again — a double
 * click fires twice before React re-renders the busy button. `pending` is true from the press.
 *
 * Give it the mutation (`useOncePerPress(save)`); its answer and failure stay on it. A button
 * without one (a page that loads no react-query mutation) gives an async function that handles its
 * own failure.
 */
export function useOncePerPress<V = void>(sender: PressSender<V>): { press: (vars: V) => void; pending: boolean } {
  // One per component, kept across renders: it holds the in-flight guard (press-guard.ts).
  const [guard] = useState(createPressGuard);
  const [pressed, setPressed] = useState(false);
  return {
    press: (vars: V) => void guard.press(() => sendOf(sender)(vars), setPressed),
    // A mutation's own state too: it says "settled" in the same render as its answer.
    pending: pressed || (typeof sender !== "function" && sender.isPending === true),
  };
}
