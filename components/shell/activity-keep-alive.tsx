"use client";

import { useEffect } from "react";

const THROTTLE_MS = 60_000;

/**
 * The session cookie expires after 30 idle minutes. Reading the session re-issues it, so we read it
 * (at most once a minute) when the staff member actually does something, not on a timer: a tab left
 * open does not keep a session alive.
 */
export function ActivityKeepAlive() {
  useEffect(() => {
    let last = Date.now();
    const onActivity = () => {
      const now = Date.now();
      if (now - last < THROTTLE_MS) return;
      last = now;
      // The auth library's browser client loads with the first activity, not with the page.
      void import("next-auth/react")
        .then(({ getSession }) => getSession())
        .then((session) => {
          // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full reload on session end drops cached data
          if (!session) window.location.assign("/sign-in");
        });
    };
    const events = ["pointerdown", "keydown"] as const;
    events.forEach((e) => window.addEventListener(e, onActivity, { passive: true }));
    return () => events.forEach((e) => window.removeEventListener(e, onActivity));
  }, []);
  return null;
}
