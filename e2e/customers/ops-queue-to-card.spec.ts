import { expect, test, type Page } from "@/e2e/support/fixtures";
import { demoEmail, signInAs } from "@/e2e/support/auth";

// The ops day from the home page: the work queue names a customer who is approved but has no card,
// staff open it from there, issue the card, and the customer leaves the queue. The customer is
// cus_will_approve, kept in the simulator's seed for this walk-through only: it starts Not submitted,
// so it is first driven to Approved through the UI (the seeded cus_approved gets its cards earlier
// in the suite, from card-once.spec.ts). Needs fresh servers: afterwards the customer has its card.
const CUSTOMER = "cus_will_approve";
const OPS = demoEmail("ops");

const queue = (page: Page) => page.getByRole("region", { name: "Work queue" });
const queueEntry = (page: Page) =>
  queue(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: new RegExp(CUSTOMER) }) });
const badge = (page: Page) => page.getByTestId("verification-badge");

/** Submits the customer for verification from its page and waits for the simulator's webhook decision. */
async function driveToApproved(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Customers" }).click();
  await page.getByLabel("Customer id", { exact: true }).fill(CUSTOMER);
  await page.getByRole("button", { name: "Open", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${CUSTOMER}$`));
  await expect(badge(page)).toHaveText("Not submitted");
  await page.getByRole("button", { name: "Submit for verification" }).click();
  await expect(badge(page)).toHaveText("Pending");
  // The simulator decides after its configured delay and pushes the decision to the app's webhook.
  await expect(badge(page)).toHaveText("Approved", { timeout: 20_000 });
  await expect(page.getByTestId("state-toast")).toContainText("Pending → Approved");
}

test("ops opens an approved customer from the work queue, issues its card, and the queue lets go of it", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "ops");
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Home");
  await expect(queue(page)).toBeVisible();

  // Nobody has looked at the customer yet, so the back-office holds no state for it.
  await expect(queueEntry(page)).toHaveCount(0);
  await driveToApproved(page);

  await page.getByRole("link", { name: "Payments back-office" }).click();
  await expect(page).toHaveURL(/\/$/);
  // The decision that just arrived, in words.
  const decision = page.getByRole("region", { name: "Recent verification decisions" }).getByRole("listitem").filter({ hasText: CUSTOMER });
  await expect(decision.first()).toContainText("Approved");
  const entry = queueEntry(page);
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Approved, no card yet");
  await entry.getByRole("link", { name: new RegExp(CUSTOMER) }).click();

  await expect(page).toHaveURL(new RegExp(`/customers/${CUSTOMER}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(CUSTOMER);
  await expect(badge(page)).toHaveText("Approved");
  await expect(page.getByTestId("issued-cards")).toContainText("No card has been issued");

  const startedAt = Date.now();
  await page.getByTestId("create-card-section").getByRole("button", { name: "Create card…" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a card for this customer?" });
  await expect(dialog).toContainText(CUSTOMER);
  await dialog.getByRole("button", { name: "Create card", exact: true }).click();
  await expect(dialog).toBeHidden();
  const result = page.getByTestId("card-result");
  await expect(result).toContainText("created");
  const cardId = /Card (\S+) created/.exec((await result.textContent()) ?? "")?.[1];
  expect(cardId, "the new card's id in the result").toMatch(/^\w+$/);

  // Cards issued: the new card, who issued it and when.
  const cards = page.getByTestId("issued-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(cardId!);
  await expect(cards.first()).toContainText(OPS);
  const issuedAt = await cards.first().locator("time").first().getAttribute("datetime");
  expect(Date.parse(issuedAt ?? ""), "issued at, from the back-office's own record").toBeGreaterThanOrEqual(startedAt - 60_000);
  expect(Date.parse(issuedAt ?? "")).toBeLessThanOrEqual(Date.now() + 60_000);

  // The activity timeline names the staff member who created the card, and which card.
  const creation = page.getByTestId("activity-timeline").locator('[data-action="card.create"]');
  await expect(creation).toHaveCount(1);
  await expect(creation).toContainText("Created a card");
  await expect(creation).toContainText(OPS);
  await expect(creation).toContainText(cardId!);

  // Home again: the customer has its card, so the queue no longer lists it.
  await page.getByRole("link", { name: "Payments back-office" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Home");
  await expect(queueEntry(page)).toHaveCount(0);
});
