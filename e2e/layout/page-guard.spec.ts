import { expect, test, type Page } from "@/e2e/support/fixtures";
import { signInAs } from "@/e2e/support/auth";
import { shootBothWidths } from "@/e2e/support/screens";
import { simulator } from "@/e2e/support/simulator";

const shoot = (page: Page, name: string) => shootBothWidths(page, "page-guard", name);

/** The view sits in the app's layout: the menu and who is signed in are still there around it. */
async function expectInsideLayout(page: Page, email: string) {
  await expect(page.getByTestId("signed-in-staff")).toContainText(email);
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeAttached();
}

test("a finance-only page shown to operations is the forbidden view inside the layout, and asks nothing upstream", async ({
  page,
  request,
}) => {
  await signInAs(page, "ops");
  await simulator.resetStats(request);
  for (const path of ["/transactions/txn_usd_0001", "/cards/card_busy_0001/transactions", "/bills/categories"]) {
    await page.goto(path);
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Not available to your role");
    await expect(main.getByRole("alert")).toContainText("Only finance staff and administrators may open finance pages.");
    await expectInsideLayout(page, "ops@example.com");
  }
  expect(Object.keys(await simulator.stats(request)).filter((op) => /transactions|bills/.test(op))).toEqual([]);
  await page.goto("/transactions/txn_usd_0001");
  await shoot(page, "page-guard-forbidden");
});

test("an invalid id is the invalid-id view inside the layout, for every page with an id, and never reaches the upstream", async ({
  page,
  request,
}) => {
  await signInAs(page, "admin");
  await simulator.resetStats(request);
  const cases = [
    { path: "/transactions/txn..0001", heading: "Transaction not found", label: "transaction" },
    { path: "/bills/bill%20elec", heading: "Bill not found", label: "bill" },
    { path: "/collections/col_usd_0001%2F..", heading: "Collection account not found", label: "collection account" },
    { path: "/cards/card%25busy/transactions", heading: "Card not found", label: "card" },
    { path: "/cards/card_busy_0001/transactions/ctx.1", heading: "Card transaction not found", label: "card transaction" },
    { path: "/bills/categories/cat%24x", heading: "Bill category not found", label: "bill category" },
    { path: "/bills/categories/cat_electricity/items/biller~1", heading: "Biller not found", label: "biller" },
    { path: `/customers/${"c".repeat(129)}`, heading: "Customer not found", label: "customer" },
  ];
  for (const { path, heading, label } of cases) {
    await page.goto(path);
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 }), path).toHaveText(heading);
    await expect(main, path).toContainText(`That is not a valid ${label} id`);
    await expectInsideLayout(page, "admin@example.com");
  }
  expect(Object.keys(await simulator.stats(request)).filter((op) => /transactions|bills|collections|cards|customers/.test(op))).toEqual([]);
  await page.goto("/customers/cus%20approved");
  await expect(page.locator("main").getByRole("link", { name: "Search customers" })).toHaveAttribute("href", "/customers");
  await shoot(page, "page-guard-invalid-id");
});

test("an address whose %-encoding does not decode is a 400 that says so, not a server error", async ({ page, request }) => {
  await signInAs(page, "finance");
  await simulator.resetStats(request);
  for (const path of ["/transactions/%ED%A0%80", "/cards/card_busy_0001/transactions/%ED%A0%80", "/%E2%8"]) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(400);
    expect(await res.text(), path).toContain("This address is not valid");
  }
  // The API answers its own error envelope, naming the path as what is wrong.
  for (const path of ["/api/v1/transactions/%ED%A0%80", "/api/v1/cards/card_busy_0001/transactions/%zz", "/api/me%E2%8"]) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(400);
    expect(await res.json(), path).toEqual({
      error: { code: "invalid_path", field: "path", message: expect.stringContaining("This address is not valid") },
    });
    // Like every other API answer: a request id to quote to an administrator, a charset, never cached.
    expect(res.headers(), path).toMatchObject({
      "x-request-id": expect.stringMatching(/^[0-9a-f-]{36}$/),
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
    });
  }
  expect(await simulator.stats(request)).toEqual({});
  // An escape that does decode still reaches its handler.
  const escaped = await page.request.get("/api/v1/transactions/txn%5Fusd%5F0001");
  expect(escaped.status()).toBe(200);
  expect((await escaped.json()).id).toBe("txn_usd_0001");
});

test("a page whose session has ended sends the reader to sign-in and back to that page", async ({ page, context }) => {
  await signInAs(page, "finance");
  const cookies = await context.cookies();
  await page.getByRole("button", { name: "Sign out" }).first().click();
  await expect(page).toHaveURL(/\/sign-in/);
  // The copied cookie of the ended session passes the proxy's optimistic check; the page's guard does not.
  await context.addCookies(cookies);
  await page.goto("/transactions/txn_usd_0001?from=recent");
  await expect(page).toHaveURL(`/sign-in?callbackUrl=${encodeURIComponent("/transactions/txn_usd_0001?from=recent")}`);
});
