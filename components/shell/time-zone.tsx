"use client";

import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { browserTimeZone } from "@/lib/time/zone";

type TimeZoneState = {
  /** The member's saved choice; null follows the browser. */
  stored: string | null;
  /** The browser's zone; null during the server render and hydration, which cannot know it. */
  browser: string | null;
  /** The zone every date on screen, filter and export uses: stored ?? browser (UTC until known). */
  zone: string;
  /** False only while the zone in effect is not known yet (no saved choice, not hydrated). */
  settled: boolean;
  /** After a save, so the whole page follows without a reload. */
  setStored: (zone: string | null) => void;
};

const noSubscribe = () => () => {};

const TimeZoneContext = createContext<Omit<TimeZoneState, "browser" | "zone" | "settled"> | null>(null);

/** Holds the saved zone from the server; pages read the zone in effect through useTimeZone. */
export function TimeZoneProvider({ stored: initial, children }: { stored: string | null; children: ReactNode }) {
  const [stored, setStored] = useState(initial);
  const value = useMemo(() => ({ stored, setStored }), [stored]);
  return <TimeZoneContext.Provider value={value}>{children}</TimeZoneContext.Provider>;
}

// React reads the snapshot on every render of every date on the page, and building the
// Intl.DateTimeFormat behind it costs a phone milliseconds each time; the zone is read once a load.
let browserZone: string | undefined;
const browserZoneSnapshot = () => (browserZone ??= browserTimeZone());

export function useBrowserTimeZone(): string | null {
  return useSyncExternalStore(noSubscribe, browserZoneSnapshot, () => null);
}

/** The zone in effect. Outside the signed-in shell (sign-in pages) there is no saved choice. */
export function useTimeZone(): TimeZoneState {
  const context = useContext(TimeZoneContext);
  const browser = useBrowserTimeZone();
  const stored = context?.stored ?? null;
  return {
    stored,
    browser,
    zone: stored ?? browser ?? "UTC",
    settled: stored !== null || browser !== null,
    setStored: context?.setStored ?? (() => {}),
  };
}
