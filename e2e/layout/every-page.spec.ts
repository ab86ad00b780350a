import { mkdirSync } from "node:fs";
import { keepScreenshot } from "@/e2e/support/screens";
import { settled } from "@/e2e/support/settled";
import { expect, test, type Page } from "@/e2e/support/fixtures";
import { signInAs } from "@/e2e/support/auth";
import { expectFits } from "@/e2e/support/fits";
import { simulator } from "@/e2e/support/simulator";
import type { Role } from "@/lib/permissions";

// Every page each role may open, at a desktop and a phone width, as that role sees it: nothing
// wider than the screen, the page's title on screen, and a full-page screenshot for a person to
// look at (not compared). Then the same for wrong input and for a failing payments API.
const SHOTS = "test-results/every-page";

type Target = { path: string; heading?: RegExp };

const EVERYONE: Target[] = [
  { path: "/", heading: /^Home/ },
  { path: "/business" },
  { path: "/account", heading: /^Your account$/ },
  { path: "/account/password", heading: /^Your password$/ },
  { path: "/account/security" },
  { path: "/account/sessions" },
  { path: "/no-such-page-here", heading: /^Page not found$/ },
];
const FINANCE: Target[] = [
  { path: "/finance", heading: /^Finance$/ },
  { path: "/transactions/txn_usd_0001" },
  { path: "/bills/bill_elec_0001" },
  { path: "/bills/categories", heading: /^Bill catalogue$/ },
  { path: "/collections/col_usd_0001" },
  { path: "/cards/card_busy_0001/transactions", heading: /card_busy_0001/ },
];
const CUSTOMERS: Target[] = [
  { path: "/customers", heading: /^Customers$/ },
  { path: "/customers/cus_approved", heading: /cus_approved/ },
];
const COMPLIANCE: Target[] = [
  { path: "/bvn", heading: /^BVN lookup$/ },
  { path: "/audit", heading: /^Audit trail$/ },
];
const ADMIN: Target[] = [
  { path: "/staff" },
  { path: "/settings", heading: /^Settings$/ },
  { path: "/webhooks", heading: /^Incoming updates$/ },
];

const PAGES: Record<Role, Target[]> = {
  finance: [...EVERYONE, ...FINANCE],
  ops: [...EVERYONE, ...CUSTOMERS],
  compliance: [...EVERYONE, ...CUSTOMERS, ...COMPLIANCE],
  admin: [...EVERYONE, ...FINANCE, ...CUSTOMERS, ...COMPLIANCE, ...ADMIN],
};

const WIDTHS = [1440, 390] as const;

const fileName = (role: string, width: number, name: string) =>
  `${SHOTS}/${role}/${width}-${name
    .replace(/^\/$/, "home")
    .replace(/[^a-z0-9]+/gi, "_")
    .replace(/^_|_$/g, "")}.png`;

/** A form's button sits level with its input, whatever message appears under the input. */
async function expectLevel(page: Page, inputSelector: string, button: ReturnType<Page["getByRole"]>) {
  const input = await page.locator(inputSelector).boundingBox();
  const box = await button.boundingBox();
  expect(Math.abs(input!.y - box!.y), "button level with the input").toBeLessThanOrEqual(2);
}

/** Checks the page at both widths and saves a full-page screenshot at each. */
async function look(page: Page, role: string, name: string, heading?: RegExp) {
  mkdirSync(`${SHOTS}/${role}`, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    await settled(page, { heading });
    await expectFits(page, `${name} at ${width} px`);
    await keepScreenshot(page, fileName(role, width, name));
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.afterEach(async ({ request }) => {
  await simulator.clearFaults(request);
});

for (const role of ["finance", "ops", "compliance", "admin"] as const) {
  test(`every page ${role} may use fits 1440 and 390 px and shows its title`, async ({ page }) => {
    test.setTimeout(300_000);
    await signInAs(page, role);
    for (const target of PAGES[role]) {
      await test.step(target.path, async () => {
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.goto(target.path);
        await look(page, role, target.path, target.heading);
      });
    }
  });
}

test("wrong input in the forms is explained where it was typed", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "admin");

  await page.goto("/finance");
  await page.getByLabel("Id", { exact: true }).fill("txn usd/0001!");
  await page.getByRole("search").getByRole("button", { name: "Open" }).click();
  await expect(page.locator("#finance-search-id")).toHaveAttribute("aria-invalid", "true");
  await expectLevel(page, "#finance-search-id", page.getByRole("search").getByRole("button", { name: "Open" }));
  await look(page, "invalid", "finance-search", /^Finance$/);

  await page.goto("/transactions/not%20an%20id!");
  await look(page, "invalid", "transaction-bad-id");

  await page.goto("/customers");
  await page.getByLabel("Customer id", { exact: true }).fill("cus approved!");
  await page.getByRole("button", { name: "Open", exact: true }).click();
  await expect(page.getByText("Customer ids are letters, digits")).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectLevel(page, "#customer-search-compact", page.getByRole("button", { name: "Open", exact: true }));
  }
  await look(page, "invalid", "customer-search", /^Customers$/);

  await page.goto("/bvn");
  await page.locator("#bvn-number").fill("1234");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.locator("#bvn-number")).toHaveAttribute("aria-invalid", "true");
  await look(page, "invalid", "bvn", /^BVN lookup$/);

  await page.goto("/audit?from=2026-13-45&outcome=sideways");
  await expect(page.getByTestId("audit-filter-errors")).toBeVisible();
  await look(page, "invalid", "audit-filters", /^Audit trail$/);
});

test("a failing payments API is explained on the pages that read it", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "admin");
  for (const operation of [
    "GET /business",
    "GET /transactions/{id}",
    "GET /customers/{id}/card-verification",
    "GET /collections/{id}",
    "GET /cards/{id}/transactions",
  ]) {
    await simulator.addFault(page.request, { operation, status: 503 });
  }

  await page.goto("/business");
  await expect(page.getByRole("alert").first()).toBeVisible({ timeout: 20_000 });
  // The page keeps its title when the profile cannot be read.
  await look(page, "upstream-down", "business", /^Business profile$/);
  // Not read before in this run, so nothing cached stands in for the failed read.
  await page.goto("/transactions/txn_usd_0002");
  await expect(page.getByRole("alert").first()).toBeVisible({ timeout: 20_000 });
  await look(page, "upstream-down", "transaction");
  await page.goto("/customers/cus_corporate");
  const notice = page.getByTestId("verification-error");
  await expect(notice).toBeVisible({ timeout: 20_000 });
  // Words first, the code last for support; the advice is said once, not under a heading repeating it.
  await expect(notice).toHaveText(/^The payments API .*Technical details.*code upstream_unavailable$/);
  // The message already says to try again, so no advice line repeats it.
  expect(((await notice.textContent()) ?? "").match(/try again/gi), "the notice says to try again once").toHaveLength(1);
  // The timeline's label says it failed; no second "failure" beside it.
  const check = page.getByTestId("activity-timeline").locator('[data-action="verification.check"]').first();
  await expect(check).toContainText("— failed");
  await expect(check).not.toContainText("failure");
  await look(page, "upstream-down", "customer", /cus_corporate/);
  await page.goto("/collections/col_ngn_0001");
  await expect(page.getByRole("alert").first()).toBeVisible({ timeout: 20_000 });
  await look(page, "upstream-down", "collection");
  await page.goto("/cards/card_busy_0001/transactions");
  await look(page, "upstream-down", "card-transactions", /card_busy_0001/);
  await page.goto("/");
  await look(page, "upstream-down", "home", /^Home/);
});
