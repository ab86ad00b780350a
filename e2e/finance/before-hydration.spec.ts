import { expect, test } from "@/e2e/support/fixtures";
import { signInAs } from "@/e2e/support/auth";

// On a slow phone the page is drawn well before its script runs. A filter chosen in that time must
// not snap back when the script takes the page over: it is applied, as if chosen a moment later.
test("a filter chosen and a search typed before the page's script runs are applied once it does", async ({ page }) => {
  await signInAs(page, "finance");
  // The page's scripts are held back until the choices are made; its markup and styles are not.
  let release: () => void = () => {};
  const scripts = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/**", async (route) => {
    if (route.request().resourceType() === "script") await scripts;
    await route.continue();
  });
  await page.goto("/cards/card_busy_0001/transactions", { waitUntil: "commit" });
  const status = page.getByLabel("Status");
  await expect(status).toBeVisible();
  await status.selectOption("FAILED");
  await page.getByLabel("Search description, merchant or reference").fill("whole food");
  release();
  await expect(page).toHaveURL(/status=FAILED/);
  await expect(page).toHaveURL(/q=whole\+food/);
  await expect(status).toHaveValue("FAILED");
  await expect(page.getByLabel("Search description, merchant or reference")).toHaveValue("whole food");
  await expect(page.getByTestId("card-row-count")).not.toHaveText("5,200");
  await expect(page.getByTestId("card-row").first()).toContainText(/whole food/i);
  await expect(page.getByTestId("card-row").getByText("Success", { exact: true })).toHaveCount(0);
});
