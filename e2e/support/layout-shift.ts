import type { Page } from "@playwright/test";

/**
 * For `addInitScript`: records every layout shift that no input caused, from the navigation on.
 * `window.__shift` is their sum (as CLS adds them up); `window.__shifts` holds one line per shift,
 * naming what moved and its box before and after, so a failure or a bench report says what it was.
 * A string, not a function: the TypeScript runner would add helpers the page does not have.
 */
export const LAYOUT_SHIFT_PROBE = `
  window.__shift = 0;
  window.__shifts = [];
  new PerformanceObserver(function (list) {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__shift += e.value;
      const moved = (e.sources || []).map(function (s) {
        const n = s.node;
        const name = !n ? "(removed node)" : n.nodeType !== 1 ? "#text " + JSON.stringify((n.textContent || "").slice(0, 40)) :
          n.tagName.toLowerCase() + (n.dataset.testid ? "[data-testid=" + n.dataset.testid + "]" : "") + " " + JSON.stringify((n.textContent || "").trim().slice(0, 40));
        const r = function (b) { return Math.round(b.x) + "," + Math.round(b.y) + " " + Math.round(b.width) + "×" + Math.round(b.height); };
        return name + " " + r(s.previousRect) + " → " + r(s.currentRect);
      });
      window.__shifts.push(e.value.toFixed(5) + " at " + Math.round(e.startTime) + " ms: " + moved.join("; "));
    }
  }).observe({ type: "layout-shift", buffered: true });
`;

/** What LAYOUT_SHIFT_PROBE keeps on the page's window. */
export type LayoutShiftProbe = { __shift: number; __shifts: string[] };

/** From the next navigation on, the page records its layout shifts (LAYOUT_SHIFT_PROBE). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript({ content: LAYOUT_SHIFT_PROBE });
}

/** The shifts recorded so far, two frames after the last change (so its shift has been reported). */
export async function layoutShifts(page: Page): Promise<string[]> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as LayoutShiftProbe).__shifts);
}

/**
 * A sum of shifts below this, no one saw: a time or a countdown redrawn as the clock passes a unit
 * ("just now" → "1 minute ago", "0:01" → "can be checked now") moves its own line by a pixel or a
 * few, 0.00001–0.0001 as measured, and may fall in any load. The smallest shift a fix removed was 0.0007.
 */
export const UNSEEN_SHIFT = 0.0005;

/** The sum of the shifts `layoutShifts` listed (each line starts with its value). */
export function shiftTotal(lines: string[]): number {
  return lines.reduce((sum, line) => sum + Number.parseFloat(line), 0);
}
