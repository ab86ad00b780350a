import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./fixtures";

/**
 * No serious or critical axe finding on the page as it stands. It first waits for the tab title:
 * on a client-side navigation Next streams a page's metadata after its content, so for a moment the
 * document has no <title> and axe would report one missing.
 */
export async function expectAccessible(page: Page) {
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}
