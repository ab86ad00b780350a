import { expect, test } from "@playwright/test";
import { signInAs } from "../support/auth";

// How the count climbs while a list streams in is covered by server/finance/card-list-progress.test.ts;
// here, that the line is on the page during a cold load (and polling) and gives way to the table.
test("a cold busy card shows that its list is being read, then the table in its place", async ({ page }) => {
  await signInAs(page, "finance");
  const polls: number[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith("/transactions/progress")) polls.push(r.status());
  });
  // A card no earlier test has opened: its whole list is read from the payments API on this visit.
  await page.goto("/cards/card_synth_40007/transactions", { waitUntil: "commit" });
  const progress = page.getByTestId("card-rows-progress");
  await expect(progress).toContainText("Reading this card's transactions from the payments API");
  await expect(page.getByTestId("card-row").first()).toBeVisible({ timeout: 60_000 });
  await expect(progress).toHaveCount(0);
  await expect(page.getByTestId("card-row-count")).toHaveText("40,007");
  expect(polls.length === 0 || polls.every((s) => s === 200)).toBe(true);
});
