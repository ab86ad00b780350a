import { expect, test, type Page } from "@/e2e/support/fixtures";
import { keepScreenshot } from "@/e2e/support/screens";
import { sameOriginHeaders, signInAs } from "@/e2e/support/auth";

const badge = (page: Page) => page.getByTestId("verification-badge");
const timeline = (page: Page) => page.getByTestId("activity-timeline");
const SHOTS = "test-results/workflows";

test("ops finds a customer in the directory by state, and sees who checked and who changed the contact", async ({ page }) => {
  await signInAs(page, "ops");
  // Opening by id is how a customer first reaches the directory (the first view checks the status).
  await page.goto("/customers/cus_no_document");
  await expect(badge(page)).toHaveText("Not submitted");

  await page.goto("/customers");
  await page.getByLabel("Verification state").selectOption("not_submitted");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/state=not_submitted/);
  const table = page.getByRole("table", { name: "Customers" });
  await expect(table.getByRole("link", { name: "cus_no_document" })).toBeVisible();
  await page.getByLabel("Verification state").selectOption("approved");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/state=approved/);
  await expect(page.getByRole("link", { name: "cus_no_document" })).toHaveCount(0);
  await page.getByLabel("Customer id contains").fill("no_doc");
  await page.getByLabel("Verification state").selectOption("");
  await page.getByRole("button", { name: "Apply" }).click();
  await page.getByRole("table", { name: "Customers" }).getByRole("link", { name: "cus_no_document" }).click();

  await expect(page).toHaveURL(/\/customers\/cus_no_document$/);
  await expect(badge(page)).toHaveText("Not submitted");
  // One message, no raw status line, and a live countdown to the next allowed check.
  await expect(page.getByTestId("verification-message")).toHaveCount(1);
  await expect(page.getByTestId("verification-panel")).not.toContainText("can_create_card");
  await expect(page.getByTestId("verification-countdown")).toHaveText(/^in \d:\d\d$/);
  const first = await page.getByTestId("verification-countdown").textContent();
  await expect(page.getByTestId("verification-countdown")).not.toHaveText(first!);
  await expect(page.getByRole("button", { name: /Check again in \d:\d\d/ })).toBeDisabled();

  await expect(timeline(page).locator('[data-action="verification.check"]').first()).toContainText("ops@example.com");
  await page.getByLabel("Email address").fill("hannah.new@example.com");
  await page.getByRole("button", { name: "Save contact details" }).click();
  await expect(page.getByTestId("contact-result")).toBeVisible();
  await expect(page.getByTestId("current-contact")).toContainText("hannah.new@example.com");
  const change = timeline(page).locator('[data-action="customer.contact.update"]');
  await expect(change).toContainText("Changed the contact details");
  await expect(change).toContainText("changed email");
  await expect(change).not.toContainText("hannah.new@example.com");

  await shoot(page, "customer");
  await page.goto("/customers");
  await shoot(page, "customers");
});

test("a laptop whose clock is an hour behind the server's still waits the one shared minute, not an hour", async ({ page }) => {
  await signInAs(page, "ops");
  await page.clock.install({ time: Date.now() - 3_600_000 });
  await page.goto("/customers/cus_no_document");
  await expect(badge(page)).toHaveText("Not submitted");
  // Counted on the server's clock: before, "in 61:00" with the button held disabled for the hour.
  await expect(page.getByTestId("verification-countdown")).toHaveText(/^in (1:00|0:[0-5]\d)$/);
  await page.clock.fastForward("01:05");
  await expect(page.getByRole("button", { name: "Check status now" })).toBeEnabled();
});

test("a webhook decision is announced in a toast, and the panel drops the stale submission note", async ({ page }) => {
  await signInAs(page, "ops");
  await page.goto("/customers/cus_will_reject");
  await expect(badge(page)).toHaveText("Not submitted");
  // Not yet approved: submitting is this section's primary action.
  await page.getByRole("button", { name: "Submit for verification" }).click();
  await expect(badge(page)).toHaveText("Pending");
  await expect(page.getByTestId("submit-result")).toContainText("the decision will appear here");
  await expect(badge(page)).toHaveText("Rejected", { timeout: 20_000 });
  await expect(page.getByTestId("state-toast")).toContainText("A verification decision arrived: Pending → Rejected.");
  await expect(page.getByRole("status").filter({ hasText: "Pending → Rejected" })).toBeVisible();
  await expect(page.getByTestId("verification-panel")).not.toContainText("the decision will appear here");
  await expect(page.getByTestId("verification-message")).toHaveCount(1);
});

test("compliance expands a BVN lookup in the audit trail to read its purpose; an invalid filter is explained and Clear restores the list", async ({
  page,
  baseURL,
}) => {
  await signInAs(page, "compliance");
  const lookup = await page.request.post("/api/v1/identity/bvn", {
    headers: sameOriginHeaders(baseURL!),
    data: { number: "22233344455", purpose: "workflows case KYC-7" },
  });
  expect(lookup.status()).toBe(200);

  await page.goto("/audit?action=bvn.lookup");
  const row = page.getByTestId("audit-row").first();
  await expect(row).toContainText("Looked up a BVN");
  await expect(page.getByText("workflows case KYC-7")).toHaveCount(0);
  await row.getByRole("button", { name: /Show details/ }).click();
  await expect(page.getByTestId("audit-detail").first()).toContainText("purpose");
  await expect(page.getByTestId("audit-detail").first()).toContainText("workflows case KYC-7");
  // The request id to quote to support waits in the entry's Technical details.
  await page.getByTestId("audit-technical").first().getByText("Technical details").click();
  await expect(page.getByTestId("audit-technical").first().getByRole("button", { name: "Copy request id" })).toBeVisible();
  // The table's box is a keyboard stop, named, exactly when it scrolls sideways.
  const box = page.getByRole("table", { name: "Audit entries" }).locator("..");
  const scrolls = await box.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  if (scrolls) await expect(page.getByRole("region", { name: "Audit entries (scrolls sideways)" })).toHaveAttribute("tabindex", "0");
  else await expect(box).not.toHaveAttribute("tabindex");

  await page.goto("/audit?from=2026-13-45&outcome=sideways");
  const note = page.getByTestId("audit-filter-errors");
  await expect(note).toContainText("That date does not exist.");
  await expect(note).toContainText("The outcome is success, denied or failure.");
  await expect(page.getByRole("button", { name: "Apply filters" })).toBeVisible();
  await expect(page.getByTestId("audit-row").first()).toBeVisible();
  await shoot(page, "audit-invalid");
  await page.getByRole("link", { name: "Clear", exact: true }).click();
  await expect(page).toHaveURL(/\/audit(\?view=none)?$/);
  await expect(note).toHaveCount(0);
  await expect(page.getByTestId("audit-row").first()).toBeVisible();
  await shoot(page, "audit");
});

test("finance sees who opened a bill and who revealed its token on the bill's timeline", async ({ page }) => {
  await signInAs(page, "finance");
  await page.goto("/bills/bill_airtime_0001");
  await page.getByRole("button", { name: "Reveal token" }).click();
  await expect(page.getByTestId("bill-token")).toBeVisible();
  await page.reload();
  await expect(timeline(page).locator('[data-action="bill.token.reveal"]').first()).toContainText("finance@example.com");
  await expect(timeline(page).locator('[data-action="opened"]').first()).toContainText("finance@example.com");
});

/**
 * Screenshots at desktop and phone widths, for a human look. At phone width the side navigation
 * is hidden (the shell's own narrow layout is not this page's concern), and the page's content
 * must fit: tables scroll inside their card, nothing else makes the page wider than the screen.
 */
async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await keepScreenshot(page, `${SHOTS}/${name}-1440.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  const hideNav = await page.addStyleTag({ content: 'nav[aria-label="Main"] { display: none !important; }' });
  const main = page.locator("main");
  const overflow = await main.evaluate((el) => el.scrollWidth - el.clientWidth);
  await keepScreenshot(page, `${SHOTS}/${name}-390.png`);
  await hideNav.evaluate((el) => (el as HTMLElement).remove());
  await page.setViewportSize({ width: 1280, height: 720 });
  expect(overflow, `${name}: content wider than a 390 px screen`).toBeLessThanOrEqual(1);
}
