import { expect, test, type Page } from "@/e2e/support/fixtures";
import { keepScreenshot } from "@/e2e/support/screens";
import { signInAs } from "@/e2e/support/auth";
import { simulator } from "@/e2e/support/simulator";

// One card per intent, as staff see it. Runs on cus_approved before verification.spec.ts (files
// run in name order on one app and database), so the customer starts with no issued card.
const POST_CARDS = "POST /cards";
const count = async (page: Page) => (await simulator.stats(page.request))[POST_CARDS] ?? 0;
const issuedCards = (page: Page) => page.getByTestId("issued-card");

test.describe.configure({ mode: "serial" });

test.afterEach(async ({ request }) => {
  await simulator.clearFaults(request);
});

async function openCustomer(page: Page) {
  await signInAs(page, "ops");
  await page.goto("/customers/cus_approved");
  await expect(page.getByTestId("verification-badge")).toHaveText("Approved");
  await expect(page.getByTestId("issued-cards")).toBeVisible();
}

test("a double click in the confirmation dialog issues one card, listed with who and when", async ({ page }) => {
  await openCustomer(page);
  await expect(page.getByTestId("issued-cards")).toContainText("No card has been issued");
  const before = await count(page);
  // A slow upstream keeps the first request running while the second click lands.
  await simulator.addFault(page.request, { operation: POST_CARDS, latencyMs: 800, times: 1 });
  await page.getByRole("button", { name: "Create card…" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Create card" }).dblclick();
  await expect(page.getByTestId("card-result")).toContainText("created");
  await expect(issuedCards(page)).toHaveCount(1);
  await expect(issuedCards(page).first()).toContainText("ops@example.com");
  const cardId = /Card (\S+) created/.exec((await page.getByTestId("card-result").textContent()) ?? "")?.[1];
  expect(cardId).toBeTruthy();
  await expect(issuedCards(page).first()).toContainText(cardId!);
  expect(await count(page)).toBe(before + 1);
  // Issued: creating the card is no longer the next step.
  await expect(page.getByTestId("verification-next")).toContainText("a card has been issued");
  await expect(page.getByTestId("verification-next")).not.toContainText("Create the card");
});

test("a second attempt warns who issued which card when, and issues only after explicit confirmation", async ({ page }, testInfo) => {
  await openCustomer(page);
  await expect(issuedCards(page)).toHaveCount(1);
  const firstCard = (await issuedCards(page).first().locator(".font-mono").textContent())!.trim();
  const before = await count(page);

  await page.getByRole("button", { name: "Create card…" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Create card" }).click();
  const warning = dialog.getByTestId("card-recently-issued");
  await expect(warning).toContainText(firstCard);
  await expect(warning).toContainText("ops@example.com");
  await expect(warning.locator("time").first()).toBeVisible();
  expect(await count(page)).toBe(before);
  // The held-back attempt is logged for what it is, not as a red "Created a card — failed".
  const attempt = page.getByTestId("activity-timeline").locator('[data-action="card.create"]').first();
  await expect(attempt).toContainText("Second card held back");
  await expect(attempt).not.toContainText("failed");

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, testInfo.outputPath(`warning-${width}.png`));
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Cancelling issues nothing; a new attempt warns again.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Create card…" }).click();
  await dialog.getByRole("button", { name: "Create card" }).click();
  await expect(dialog.getByTestId("card-recently-issued")).toBeVisible();
  expect(await count(page)).toBe(before);

  await dialog.getByRole("button", { name: "Issue another card" }).click();
  await expect(page.getByTestId("card-result")).toContainText("created");
  await expect(issuedCards(page)).toHaveCount(2);
  expect(await count(page)).toBe(before + 1);

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, testInfo.outputPath(`issued-cards-${width}.png`));
  }
});

test("a retry after a lost answer is the same intent: one more card, not two", async ({ page }) => {
  await openCustomer(page);
  await expect(issuedCards(page)).toHaveCount(2);
  const before = await count(page);
  await page.getByRole("button", { name: "Create card…" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Create card" }).click();
  await expect(dialog.getByTestId("card-recently-issued")).toBeVisible();

  // The server issues the card, but its answer never reaches the browser.
  let dropped = false;
  await page.route("**/api/v1/cards", async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort("connectionreset");
  });
  await dialog.getByRole("button", { name: "Issue another card" }).click();
  await expect(dialog.getByTestId("card-error")).toContainText("never a second card");
  await dialog.getByRole("button", { name: "Issue another card" }).click();
  await expect(page.getByTestId("card-result")).toContainText("created");
  await expect(issuedCards(page)).toHaveCount(3);
  expect(await count(page)).toBe(before + 1);
});
