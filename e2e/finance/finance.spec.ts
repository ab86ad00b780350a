import { readFileSync } from "node:fs";
import { expect, test } from "@/e2e/support/fixtures";
import { expectAccessible } from "@/e2e/support/accessibility";
import { sameOriginHeaders, signInAs } from "@/e2e/support/auth";
import { simulator } from "@/e2e/support/simulator";

test.afterEach(async ({ request }) => {
  await simulator.clearFaults(request);
});

test.describe("as finance", () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, "finance");
  });

  test("search opens a transaction; the viewer shows grouped fields, the report flag and raw JSON; it appears in recent", async ({
    page,
  }) => {
    await page.goto("/finance");
    await expectAccessible(page);
    await page.getByLabel("Id", { exact: true }).fill("txn_usd_0003");
    await page.getByRole("button", { name: "Open" }).click();
    await expect(page).toHaveURL(/\/transactions\/txn_usd_0003$/);
    await expect(page.getByText("Reported transaction")).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy reference" })).toBeVisible();
    await expect(page.getByText("Net (amount − charges)")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Show raw JSON" }).click();
    await expect(page.locator("pre")).toContainText('"id": "txn_usd_0003"');
    await page.goto("/finance");
    await expect(page.getByTestId("recent-list").getByRole("link").first()).toContainText("txn_usd_0003");
  });

  test("an unknown id is a not-found state (a card's without its filters), and a bad one is refused before any call", async ({ page }) => {
    await page.goto("/transactions/txn_nope_404");
    await expect(page.getByRole("heading", { name: "Transaction not found" })).toBeVisible();
    // A card the payments API does not have: the not-found state alone, no filters or export for it.
    await page.goto("/cards/card_nope_404/transactions");
    await expect(page.getByRole("heading", { name: "Card not found" })).toBeVisible();
    await expect(page.getByLabel("Search description, merchant or reference")).toHaveCount(0);
    await expect(page.getByText("Export CSV")).toHaveCount(0);
    await page.getByRole("link", { name: "Find by id" }).click();
    await expect(page).toHaveURL(/\/finance$/);
    await page.goto("/finance");
    await page.getByLabel("Id", { exact: true }).fill("nothing_here_1");
    await page.getByRole("button", { name: "Open" }).click();
    await expect(page.getByText("Nothing has the id nothing_here_1")).toBeVisible();
  });

  test("bill viewer masks the token until an explicit reveal", async ({ page }) => {
    await page.goto("/bills/bill_elec_0001");
    await expect(page.getByLabel("Token hidden")).toBeVisible();
    await expect(page.getByTestId("bill-token")).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Reveal token" }).click();
    await expect(page.getByTestId("bill-token")).not.toBeEmpty();
  });

  test("bill catalogue: category → billers → items", async ({ page }) => {
    await page.goto("/bills/categories");
    await page.getByLabel("Category id").fill("cat_electricity");
    await page.getByRole("button", { name: "Browse" }).click();
    await page.getByRole("link", { name: /biller_ikeja_electric/ }).click();
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Fee" })).toBeVisible();
    await expectAccessible(page);
  });

  test("card transactions: virtualised, filtered from the URL, totals, row opens the detail", async ({ page }) => {
    await page.goto("/cards/card_busy_0001/transactions");
    await expect(page.getByTestId("card-row").first()).toBeVisible();
    expect(await page.getByTestId("card-row").count()).toBeLessThanOrEqual(100);
    await expect(page.getByTestId("card-row-count")).toHaveText("5,200");
    await page.getByLabel("Status").selectOption("FAILED");
    await expect(page).toHaveURL(/status=FAILED/);
    await expect(page.getByTestId("card-row-count")).not.toHaveText("5,200");
    const failed = Number((await page.getByTestId("card-row-count").textContent())?.replace(/,/g, ""));
    expect(failed).toBeGreaterThan(100);
    await expect(page.getByTestId("card-row").getByText("Failed", { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId("card-row").getByText("Success", { exact: true })).toHaveCount(0);
    // The last row is fetched when scrolled to, and only a window of rows is ever in the DOM.
    await page.getByTestId("card-rows-scroll").evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(page.locator(`[data-testid="card-row"][aria-rowindex="${failed + 1}"]`)).toBeVisible();
    expect(await page.getByTestId("card-row").count()).toBeLessThanOrEqual(100);
    await page.goBack();
    await expect(page.getByTestId("card-row-count")).toHaveText("5,200");
    await page.getByLabel("Search description, merchant or reference").fill("whole food");
    await expect(page).toHaveURL(/q=whole\+food/);
    await expect(page.getByTestId("card-row-count")).not.toHaveText("5,200");
    await expect(page.getByTestId("card-row").first()).toContainText(/whole food/i);
    // A merchant pasted from a spreadsheet cell brings its tab along: searched as a space, not an error.
    await page.getByLabel("Search description, merchant or reference").fill("whole\tfood");
    await expect(page).toHaveURL(/q=whole\+food/);
    await expect(page.getByTestId("card-row").first()).toContainText(/whole food/i);
    await page.goto("/cards/card_busy_0001/transactions?q=whole%00food");
    await expect(page.getByTestId("card-row").first()).toContainText(/whole food/i);
    await page.goto("/cards/card_busy_0001/transactions?q=zzzz-no-match");
    await expect(page.getByText("No transactions match")).toBeVisible();
    await page.goto("/cards/card_busy_0001/transactions?sort=amount&dir=desc");
    await expect(page.getByTestId("card-totals-USD")).toContainText("Spent (successful debits)");
    await expectAccessible(page);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: /Export CSV \(5,200\)/ }).click();
    expect((await download).suggestedFilename()).toBe("card_busy_0001-transactions.csv");
    const csv = readFileSync((await (await download).path())!, "utf8")
      .trim()
      .split("\r\n");
    expect(csv).toHaveLength(5201);
    // Amount order is per currency: currencies A→Z, largest amount first within each.
    const cells = csv.slice(1).map((line) => line.split(","));
    const currencies = cells.map((c) => c.at(-6)!);
    expect(currencies).toEqual([...currencies].sort());
    for (const currency of new Set(currencies)) {
      const amounts = cells.filter((c) => c.at(-6) === currency).map((c) => Number(c.at(-5)));
      expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    }
    await page.getByTestId("card-row").first().getByRole("link").click();
    await expect(page).toHaveURL(/\/cards\/card_busy_0001\/transactions\/ctx_busy_0001_\d{6}$/);
    await expect(page.getByRole("heading", { name: "Merchant" })).toBeVisible();
    await expectAccessible(page);
  });

  test("an upstream outage shows the envelope's message with a retry that recovers, on a viewer and the card table", async ({ page }) => {
    await simulator.addFault(page.request, { operation: "GET /transactions/{id}", status: 503, times: 100 });
    await page.goto("/transactions/txn_usd_0002");
    await expect(
      page.getByRole("alert").filter({ hasText: "The payments API is temporarily unavailable. Try again shortly." }),
    ).toBeVisible({ timeout: 30_000 });
    await simulator.clearFaults(page.request);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByText("Net (amount − charges)")).toBeVisible();
    await expect(page.getByText("temporarily unavailable")).toHaveCount(0);

    // A card no other test opens, so no snapshot of its list is held yet.
    await simulator.addFault(page.request, { operation: "GET /cards/{id}/transactions", status: 503, times: 100 });
    await page.goto("/cards/card_synth_10000/transactions");
    await expect(
      page.getByRole("alert").filter({ hasText: "The payments API is temporarily unavailable. Try again shortly." }),
    ).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page);
    await simulator.clearFaults(page.request);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByTestId("card-row-count")).toHaveText("10,000");
  });

  test("an empty card shows the empty state", async ({ page }) => {
    await page.goto("/cards/card_empty_0001/transactions");
    await expect(page.getByText("No transactions yet")).toBeVisible();
  });

  test("a collection still being read is titled by its id and offers no credit until it is in", async ({ page, request }) => {
    // Held for most of the app's 3 s upstream deadline, and checked from the first paint (not after the
    // page's load event, which on a busy machine came after the answer): still waiting when checked.
    await simulator.addFault(request, { operation: "GET /collections/{id}", latencyMs: 2500, times: 1 });
    await page.goto("/collections/col_usd_0001", { waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1, name: "col_usd_0001" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Simulate incoming credit" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Harbor & Pine Trading Ltd" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Simulate incoming credit" })).toBeVisible();
    await expect(page.getByText("Checking", { exact: true })).toBeVisible();
  });

  test("collection panel: simulate an incoming credit, balance refreshes, one request per double click", async ({ page, request }) => {
    await page.goto("/collections/col_usd_0001");
    const balance = page.getByTestId("collection-balance");
    await expect(balance).toBeVisible();
    const before = await balance.textContent();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Simulate incoming credit" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel(/^Reference/)).not.toHaveValue("");
    await dialog.getByRole("button", { name: "Simulate credit" }).click();
    await expect(dialog.getByText("Enter an amount.")).toBeVisible();
    await dialog.getByLabel(/^Amount/).fill("1,000.5");
    await dialog.getByLabel(/^Sender account name/).fill("Jane Sender");
    await dialog.getByLabel(/^Sender account number/).fill("0011223344");
    await dialog.getByLabel(/^Sender bank code/).fill("058");
    await dialog.getByLabel(/^Sender bank name/).fill("Test Bank");
    await dialog.getByLabel(/^Narration/).fill("Invoice 42");
    await expectAccessible(page);
    await simulator.resetStats(request);
    await dialog.getByRole("button", { name: "Simulate credit" }).dblclick();
    await expect(dialog.getByTestId("credit-id")).not.toBeEmpty();
    // Said as money is written, not as the payments API prints it ("1000.5 USD").
    await expect(dialog.getByTestId("credit-amount")).toHaveText("1,000.50 USD to account 8012345678");
    expect((await simulator.stats(request))["POST /checkouts/{accountNo}/credit"]).toBe(1);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(balance).not.toHaveText(before ?? "");
  });
});

for (const role of ["ops", "compliance"] as const) {
  test(`${role} cannot reach finance pages or their API routes`, async ({ page, baseURL }) => {
    await signInAs(page, role);
    await expect(page.getByRole("navigation").getByRole("link", { name: "Finance" })).toHaveCount(0);
    for (const path of [
      "/finance",
      "/transactions/txn_usd_0001",
      "/bills/bill_elec_0001",
      "/cards/card_busy_0001/transactions",
      "/collections/col_usd_0001",
      "/bills/categories",
    ]) {
      await page.goto(path);
      await expect(page.getByText("Not available to your role"), path).toBeVisible();
    }
    for (const path of [
      "/api/v1/transactions/txn_usd_0001",
      "/api/v1/bills/bill_elec_0001",
      "/api/v1/cards/card_busy_0001/transactions",
      "/api/v1/cards/card_busy_0001/transactions/export",
      "/api/v1/cards/card_busy_0001/transactions/ctx_busy_0001_000001",
      "/api/v1/collections/col_usd_0001",
      "/api/v1/bills/categories/cat_airtime",
    ]) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(403);
    }
    const headers = sameOriginHeaders(baseURL!);
    expect((await page.request.post("/api/v1/bills/bill_elec_0001/token", { headers, data: {} })).status()).toBe(403);
    expect((await page.request.post("/api/v1/checkouts/8012345678/credit", { headers, data: {} })).status()).toBe(403);
  });
}
