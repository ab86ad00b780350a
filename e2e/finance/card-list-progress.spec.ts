import { expect, test } from "@/e2e/support/fixtures";
import { signInAs } from "@/e2e/support/auth";
import { simulator } from "@/e2e/support/simulator";

test.afterEach(async ({ request }) => {
  await simulator.clearFaults(request);
});

// How the count climbs while a list streams in is covered by server/finance/card-list-progress.test.ts
// (deterministic there); here, that the line is on the page during a cold load and gives way to the table.
test("a cold card shows its header and that its list is being read, then the table in its place", async ({ page }) => {
  await signInAs(page, "finance");
  // The list answers later than the page's inline wait (250 ms), so the page streams with the progress
  // line; well inside the app's upstream deadline (3 s in these runs), which on a loaded CI machine must
  // still cover reading 3,007 rows after the delay.
  await simulator.addFault(page.request, { operation: "GET /cards/{id}/transactions", latencyMs: 600, times: 1 });
  const polls: number[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith("/transactions/progress")) polls.push(r.status());
  });
  // A card no other test opens: its whole list is read from the payments API on this visit.
  await page.goto("/cards/card_synth_3007/transactions", { waitUntil: "commit" });
  const progress = page.getByTestId("card-rows-progress");
  await expect(progress).toContainText("Reading this card's transactions from the payments API");
  // The card's id is in the address: the page says which card it is reading while it reads it.
  expect(await page.getByRole("heading", { level: 1, name: "card_synth_3007" }).isVisible()).toBe(true);
  // The progress line says what is awaited; the skeleton under it does not say it a second time.
  expect(await page.getByTestId("waiting-note").count()).toBe(0);
  await expect(page.getByTestId("card-row").first()).toBeVisible({ timeout: 30_000 });
  await expect(progress).toHaveCount(0);
  await expect(page.getByTestId("card-row-count")).toHaveText("3,007");
  expect(polls.every((s) => s === 200)).toBe(true);
});
