import { expect, type Page } from "@playwright/test";

/**
 * The page has drawn its data: its level-1 title is on screen (matching `heading`, when given) and
 * no loading placeholder (`aria-busy`) is left, within `timeout` ms for a page that reads much.
 */
export async function settled(page: Page, { heading = /\S/, timeout }: { heading?: RegExp; timeout?: number } = {}): Promise<void> {
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toBeVisible();
  await expect(title).toHaveText(heading);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout });
}
