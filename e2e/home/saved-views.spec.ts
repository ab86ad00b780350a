import { mkdirSync } from "node:fs";
import { keepScreenshot } from "@/e2e/support/screens";
import { expect, test, type Browser, type Page } from "@/e2e/support/fixtures";
import { sameOriginHeaders, signInAs, signInWith } from "@/e2e/support/auth";
import { expectFits } from "@/e2e/support/fits";
import type { Role } from "@/lib/permissions";

// Saved views on the customer directory, card transactions and the audit trail. Defaults are set
// only by members this spec adds (disabled at the end), so no other spec opens a page on a view.
const PASSWORD = "a-long-e2e-password-123";
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const unique = (tag: string) => `views-e2e-${tag}-${stamp}@example.com`;
const added: string[] = [];

async function createMember(page: Page, baseURL: string, role: Role, name: string) {
  const res = await page.request.post("/api/staff", {
    headers: sameOriginHeaders(baseURL),
    data: { email: unique(name.split(" ")[0]!.toLowerCase()), name, role, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  const member = ((await res.json()) as { member: { id: string; email: string; name: string } }).member;
  added.push(member.id);
  return member;
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWith(page, email, PASSWORD);
  return page;
}

/** Screenshots of the page with the menu open, at 1440 and 390 px, for a person to look at. */
async function shoot(page: Page, name: string) {
  const dir = "test-results/saved-views";
  mkdirSync(dir, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, `${dir}/${name}-${width}.png`, { fullPage: width === 1440 });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function fitsAtBothWidths(page: Page, what: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectFits(page, `${what} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

const menuButton = (page: Page) => page.getByRole("button", { name: /^Saved views/ });
const menu = (page: Page) => page.getByRole("dialog", { name: /^Saved views/ });

async function saveView(page: Page, name: string, { share = false } = {}) {
  await menuButton(page).click();
  const dialog = menu(page);
  await dialog.getByLabel("Save the current filters as").fill(name);
  if (share) await dialog.getByLabel("Share with the team").check();
  await dialog.getByRole("button", { name: "Save view" }).click();
  await expect(dialog.getByRole("status")).toHaveText(`Saved “${name}”.`);
  await expect(page).toHaveURL(/[?&]view=[0-9a-f-]{36}/);
  return new URL(page.url()).searchParams.get("view")!;
}

test.afterAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, "admin");
  for (const id of added) {
    const res = await page.request.patch(`/api/staff/${id}`, { headers: sameOriginHeaders(baseURL!), data: { status: "disabled" } });
    expect(res.status()).toBe(200);
  }
  await context.close();
});

test("ops saves a customer view, reopens it by its address, shares it; a colleague sees it and makes it their default; only the owner or an administrator deletes it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, "admin");
  const olive = await createMember(page, baseURL!, "ops", "Olive Owner");
  const otto = await createMember(page, baseURL!, "ops", "Otto Colleague");

  // Olive filters the directory and saves the filters under a name (private at first).
  const owner = await signedInPage(browser, olive.email);
  await owner.goto("/customers?state=pending");
  const name = `Pending queue ${stamp}`;
  const id = await saveView(owner, name);
  await expect(menu(owner).getByRole("link", { name })).toBeVisible();
  await expect(menu(owner).getByRole("listitem").filter({ hasText: name })).toContainText("Private");
  await shoot(owner, "customers-menu-ops");
  await owner.keyboard.press("Escape");
  await expect(menuButton(owner)).toHaveText(new RegExp(`View: ${name}`));
  await shoot(owner, "customers-view-open-ops");

  // Its address alone opens it: the page shows its filters.
  await owner.goto(`/customers?view=${id}`);
  await expect(owner).toHaveURL(new RegExp(`state=pending&view=${id}$`));
  await expect(owner.getByLabel("Verification state")).toHaveValue("pending");
  await expect(menuButton(owner)).toHaveText(new RegExp(`View: ${name}`));

  // Private: Otto neither sees it in the menu nor opens it by its address.
  const colleague = await signedInPage(browser, otto.email);
  await colleague.goto(`/customers?view=${id}`);
  await expect(colleague).toHaveURL(new RegExp(`/customers\\?view=${id}$`));
  await expect(colleague.getByText("The saved view in this address was deleted or is no longer shared with you.")).toBeVisible();
  await menuButton(colleague).click();
  await expect(menu(colleague).getByText("No saved views yet.")).toBeVisible();
  await colleague.keyboard.press("Escape");

  // Olive shares it; Otto now sees it, named as hers, without a Delete.
  await menuButton(owner).click();
  const row = menu(owner).getByRole("listitem").filter({ hasText: name });
  await row.getByRole("button", { name: "Share with the team" }).click();
  await expect(menu(owner).getByRole("status")).toHaveText(`“${name}” is shared with the team.`);
  await expect(row).toContainText("Shared by you");

  await colleague.reload();
  await menuButton(colleague).click();
  const seen = menu(colleague).getByRole("listitem").filter({ hasText: name });
  await expect(seen).toContainText("Shared by Olive Owner");
  await expect(seen.getByRole("button", { name: "Delete…" })).toHaveCount(0);
  await expect(seen.getByRole("button", { name: "Share with the team" })).toHaveCount(0);
  const refused = await colleague.request.post(`/api/views/${id}/delete`, { headers: sameOriginHeaders(baseURL!), data: {} });
  expect(refused.status()).toBe(403);

  // Otto makes it his default: the bare address opens on it.
  await seen.getByRole("button", { name: "Set as default" }).click();
  await expect(menu(colleague).getByRole("status")).toHaveText("This page now opens on that view.");
  await expect(seen).toContainText("Default");
  await colleague.keyboard.press("Escape");
  await colleague.goto("/customers");
  await expect(colleague).toHaveURL(new RegExp(`/customers\\?state=pending&view=${id}$`));
  await expect(colleague.getByLabel("Verification state")).toHaveValue("pending");
  // "No view" (and Clear) still reaches the whole directory.
  await menuButton(colleague).click();
  await menu(colleague)
    .getByRole("link", { name: /No view/ })
    .click();
  await expect(colleague).toHaveURL(/\/customers\?view=none$/);
  await expect(colleague.getByLabel("Verification state")).toHaveValue("");

  // An administrator may delete the shared view; Otto's page falls back to the unfiltered directory.
  await page.goto("/customers?view=none");
  await fitsAtBothWidths(page, "customers with the saved-views menu");
  await menuButton(page).click();
  const adminRow = menu(page).getByRole("listitem").filter({ hasText: name });
  await adminRow.getByRole("button", { name: "Delete…" }).click();
  await expect(adminRow).toContainText("Delete it for everyone in the team?");
  await adminRow.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(menu(page).getByRole("status")).toHaveText(`Deleted “${name}”.`);
  await expect(menu(page).getByRole("link", { name })).toHaveCount(0);

  await colleague.goto(`/customers?state=pending&view=${id}`);
  await expect(colleague.getByText("The saved view in this address was deleted or is no longer shared with you.")).toBeVisible();
  await expect(colleague.getByLabel("Verification state")).toHaveValue("pending");
  await colleague.goto("/customers");
  await expect(colleague).toHaveURL(/\/customers$/);
  await expect(menuButton(colleague)).toHaveText(/^Saved views/);
  // Deleting it again answers a clean 404.
  const again = await owner.request.post(`/api/views/${id}/delete`, { headers: sameOriginHeaders(baseURL!), data: {} });
  expect(again.status()).toBe(404);
  expect(((await again.json()) as { error: { code: string } }).error.code).toBe("view_not_found");
});

test("finance saves a card-transactions view and reopens it on the card from its address; a second save of the name names the field", async ({
  page,
  baseURL,
}) => {
  await signInAs(page, "finance");
  await page.goto("/cards/card_long_0001/transactions?sort=amount&dir=asc");
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  const name = `Smallest first ${stamp}`;
  const id = await saveView(page, name);
  await shoot(page, "card-transactions-menu-finance");

  // The same name again (another tab): refused under the name field.
  await menu(page).getByLabel("Save the current filters as").fill(name.toUpperCase());
  await menu(page).getByRole("button", { name: "Save view" }).click();
  await expect(menu(page).getByText(`You already have a view named “${name.toUpperCase()}” on this page.`)).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto(`/cards/card_long_0001/transactions?view=${id}`);
  await expect(page).toHaveURL(new RegExp(`sort=amount&dir=asc&view=${id}$`));
  await expect(menuButton(page)).toHaveText(new RegExp(`View: ${name}`));
  await fitsAtBothWidths(page, "card transactions with the saved-views menu");
  await shoot(page, "card-transactions-view-open-finance");

  // A view whose filters smuggle a key the page does not know is refused, naming it.
  const smuggled = await page.request.post("/api/views", {
    headers: sameOriginHeaders(baseURL!),
    data: { page: "card_transactions", name: `Smuggled ${stamp}`, filters: { sort: "amount", snapshot: "abcdefghijklmnopqrstu" } },
  });
  expect(smuggled.status()).toBe(400);
  expect(await smuggled.json()).toMatchObject({ error: { field: "filters.snapshot" } });

  // Clean up: the owner deletes it.
  const gone = await page.request.post(`/api/views/${id}/delete`, { headers: sameOriginHeaders(baseURL!), data: {} });
  expect(gone.status()).toBe(200);
});

test("compliance saves an audit-trail view by keyboard alone", async ({ page, baseURL }) => {
  await signInAs(page, "compliance");
  await page.goto("/audit?outcome=success");
  await expect(page.getByTestId("audit-row").first()).toBeVisible();
  await menuButton(page).focus();
  await page.keyboard.press("Enter");
  await expect(menu(page)).toBeVisible();
  const name = `Refusals ${stamp}`;
  // Focus starts inside the dialog; the name field is the first field.
  await menu(page).getByLabel("Save the current filters as").focus();
  await page.keyboard.type(name);
  await page.keyboard.press("Enter");
  await expect(menu(page).getByRole("status")).toHaveText(`Saved “${name}”.`);
  const id = new URL(page.url()).searchParams.get("view")!;
  await shoot(page, "audit-menu-compliance");
  await page.keyboard.press("Escape");
  await expect(menu(page)).toHaveCount(0);
  await expect(menuButton(page)).toBeFocused();

  await page.goto(`/audit?view=${id}`);
  await expect(page).toHaveURL(new RegExp(`outcome=success&view=${id}$`));
  await expect(page.getByLabel("Outcome")).toHaveValue("success");
  await fitsAtBothWidths(page, "audit trail with the saved-views menu");
  await shoot(page, "audit-view-open-compliance");
  const gone = await page.request.post(`/api/views/${id}/delete`, { headers: sameOriginHeaders(baseURL!), data: {} });
  expect(gone.status()).toBe(200);
});
