"use client";

import { useState } from "react";

/**
 * True from the first render where `open` is true on: what a dialog loaded on first use mounts by.
 * It stays mounted, closed, after that, so Radix can finish closing and a second opening has
 * nothing to load. Set during render, not in an effect, so the opening render already has it.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
