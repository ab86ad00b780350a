import { expect, test, type Page } from "@/e2e/support/fixtures";
import { signInAs } from "@/e2e/support/auth";
import { shootBothWidths } from "@/e2e/support/screens";

const shoot = (page: Page, name: string) => shootBothWidths(page, "first-five-minutes", name);

test("finance: the home offers the sandbox's seed objects, the id box too, and the team's openings come back on the home", async ({
  page,
}) => {
  await signInAs(page, "finance");
  await page.goto("/");
  const steps = page.getByTestId("home-first-steps");
  await expect(steps.getByTestId("try-this-finance")).toBeVisible();
  await expect(steps.getByTestId("try-this-catalogue")).toBeVisible();
  // Only this role's workflows.
  await expect(steps.getByTestId("try-this-customers")).toHaveCount(0);
  await expect(steps.getByTestId("try-this-bvn")).toHaveCount(0);
  await steps.getByRole("link", { name: /txn_usd_0003/ }).click();
  await expect(page).toHaveURL(/\/transactions\/txn_usd_0003$/);
  // An opening is recorded when the transaction is read, not when the URL changes (the page's
  // loading state commits the URL first): a person who left before it showed has not opened it.
  await expect(page.getByText("Reported transaction")).toBeVisible();

  await page.goto("/finance");
  const box = page.getByTestId("try-this-finance");
  await expect(box).toContainText("Try this");
  await box.getByRole("link", { name: /bill_elec_0001/ }).click();
  await expect(page).toHaveURL(/\/bills\/bill_elec_0001$/);
  // The tab names the biller, not the id.
  await expect(page).toHaveTitle("Ikeja Electric · Bill payment · Payments back-office");

  await page.goto("/bills/categories");
  await page
    .getByTestId("try-this-catalogue")
    .getByRole("link", { name: /cat_electricity/ })
    .click();
  await expect(page).toHaveURL(/\/bills\/categories\/cat_electricity$/);

  await page.goto("/");
  const team = page.getByTestId("home-team-recent");
  await expect(team.getByRole("link", { name: /txn_usd_0003/ })).toContainText("opened by you");
  await expect(team.getByRole("link", { name: /bill_elec_0001/ })).toBeVisible();
  await shoot(page, "home-finance");
});

test("ops: only the customer workflow is offered, and the team list shows no finance object", async ({ page }) => {
  await signInAs(page, "ops");
  await page.goto("/");
  const steps = page.getByTestId("home-first-steps");
  await expect(steps.getByTestId("try-this-customers")).toBeVisible();
  await expect(steps.getByTestId("try-this-finance")).toHaveCount(0);
  await steps.getByRole("link", { name: /cus_pending/ }).click();
  await expect(page).toHaveURL(/\/customers\/cus_pending$/);
  await expect(page.getByTestId("verification-badge")).toBeVisible({ timeout: 30_000 });

  await page.goto("/customers");
  await expect(page.getByTestId("try-this-customers").getByRole("link", { name: /cus_approved/ })).toBeVisible();

  await page.goto("/");
  const team = page.getByTestId("home-team-recent");
  await expect(team.getByRole("link", { name: /cus_pending/ })).toBeVisible();
  // Finance's openings (the test before, or any other) are not an ops member's to open.
  await expect(team.getByRole("link", { name: /txn_|bill_|col_|card_/ })).toHaveCount(0);
  await shoot(page, "home-ops");
});

test("compliance: a seed number fills the BVN box (never the address), and the home offers customers and BVN", async ({ page }) => {
  await signInAs(page, "compliance");
  await page.goto("/");
  const steps = page.getByTestId("home-first-steps");
  await expect(steps.getByTestId("try-this-bvn")).toBeVisible();
  await expect(steps.getByTestId("try-this-customers")).toBeVisible();
  await shoot(page, "home-compliance");

  await page.goto("/bvn");
  // The seed is shown masked, like every BVN on screen, and fills the box when picked.
  await expect(page.getByText("22222222222")).toHaveCount(0);
  await page.getByTestId("try-this-bvn").getByRole("button", { name: "Use •••••••2222 (has a record)" }).click();
  await expect(page.getByRole("textbox", { name: /^BVN/ })).toHaveValue("22222222222");
  expect(page.url()).not.toContain("22222222222");
  await shoot(page, "bvn");
});

test("admin: every workflow is offered", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/");
  const steps = page.getByTestId("home-first-steps");
  for (const workflow of ["finance", "catalogue", "customers", "bvn"])
    await expect(steps.getByTestId(`try-this-${workflow}`)).toBeVisible();
  await expect(page.getByText("Recently opened by the team", { exact: true })).toBeVisible();
});
