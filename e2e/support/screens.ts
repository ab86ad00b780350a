import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";

/**
 * Full-page screenshots at desktop and phone widths under `test-results/<folder>/`, for a person
 * to look at after a change (they are not compared). The viewport is put back to Playwright's
 * default afterwards, so the test goes on as before.
 */
export async function shootBothWidths(page: Page, folder: string, name: string): Promise<void> {
  const dir = `test-results/${folder}`;
  mkdirSync(dir, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
