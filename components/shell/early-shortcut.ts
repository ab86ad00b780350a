/**
 * ⌘K / Ctrl+K pressed after the page shows but before it has hydrated (a slow phone, a page still
 * streaming on a slow day) would go to the browser, whose own Ctrl+K then runs. This script, inline
 * in the head (app/layout.tsx), counts those presses on a page that has the palette's button and keeps
 * them from the browser; the palette, once it listens itself, takes the count (odd: it opens) and the
 * script stands down. The shortcut is the one command-palette.tsx listens for.
 */
export const EARLY_SHORTCUT_SCRIPT = `(function () {
  var early = (window.__paletteEarly = { presses: 0, ready: false });
  addEventListener("keydown", function (e) {
    if (early.ready || !(e.metaKey || e.ctrlKey) || String(e.key).toLowerCase() !== "k") return;
    if (!document.querySelector('[aria-keyshortcuts~="Control+K"]')) return;
    e.preventDefault();
    early.presses++;
  });
})();`;

type Early = { presses: number; ready: boolean };

/** The presses counted before the palette listened, once: the script counts no more after this. */
export function takeEarlyPresses(target: { __paletteEarly?: Early } = window as { __paletteEarly?: Early }): number {
  const early = target.__paletteEarly;
  if (!early) return 0;
  early.ready = true;
  const presses = early.presses;
  early.presses = 0;
  return presses;
}
