import { expect, test } from "@playwright/test";
import { signInAs } from "../support/auth";

test("a cold busy card shows the rows read so far, then the table in its place", async ({ page }) => {
  await signInAs(page, "finance");
  // A card no earlier test has opened: its whole list is read from the payments API on this visit.
  await page.goto("/cards/card_synth_120007/transactions", { waitUntil: "commit" });
  const progress = page.getByTestId("card-rows-progress");
  await expect(progress).toContainText(/[\d,]+ rows so far/, { timeout: 60_000 });
  await expect(page.getByTestId("card-row").first()).toBeVisible({ timeout: 120_000 });
  await expect(progress).toHaveCount(0);
  await expect(page.getByTestId("card-row-count")).toHaveText("120,007");
});
