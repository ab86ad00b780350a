import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Locator, Page } from "@playwright/test";

/**
 * Screenshots in the specs are for a person to look at after a change; nothing compares them. Drawing
 * and encoding a full page costs a lane about as much CPU as the checks around it, so `npm test` (and
 * CI) skips them; `E2E_SCREENSHOTS=1` turns them on. A failing test still gets Playwright's own
 * screenshot (playwright.config.ts).
 */
export const SCREENSHOTS_WANTED = process.env.E2E_SCREENSHOTS === "1";

/** Saves a screenshot of the page (whole length) or of one element, when screenshots are wanted. */
export async function keepScreenshot(target: Page | Locator, path: string, { fullPage = true } = {}): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  mkdirSync(dirname(path), { recursive: true });
  if ("goto" in target) await target.screenshot({ path, fullPage });
  else await target.screenshot({ path });
}

/**
 * Full-page screenshots at desktop and phone widths under `test-results/<folder>/`. The viewport is
 * put back to Playwright's default afterwards, so the test goes on as before.
 */
export async function shootBothWidths(page: Page, folder: string, name: string): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, `test-results/${folder}/${name}-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
