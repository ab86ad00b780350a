import { expect, test, type Page } from "@/e2e/support/fixtures";
import { signInAs } from "@/e2e/support/auth";
import { shootBothWidths } from "@/e2e/support/screens";
import type { Role } from "@/lib/permissions";

const shoot = (page: Page, name: string) => shootBothWidths(page, "home", name);

test("ops sees a rejected customer in the work queue on / and opens it from there", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "ops");
  // Opening the customer stores its verification state: that is what the queue is built from.
  const checked = page.waitForResponse((r) => r.url().endsWith("/api/v1/customers/cus_rejected/card-verification") && r.ok());
  await page.goto("/customers/cus_rejected");
  await checked;
  // An earlier test may have checked this customer: wait out that shared minute, then check, so
  // the queue's countdown below starts from a check made now.
  const checkNow = page.getByRole("button", { name: "Check status now" });
  await expect(checkNow).toBeEnabled({ timeout: 65_000 });
  const rechecked = page.waitForResponse((r) => r.url().endsWith("/api/v1/customers/cus_rejected/card-verification?refresh=1") && r.ok());
  await checkNow.click();
  await rechecked;
  // Time in the page runs as usual until the test moves it on.
  await page.clock.install();
  await page.goto("/");
  const queue = page.getByTestId("home-queue");
  await expect(queue.getByRole("link", { name: /cus_rejected/ })).toBeVisible();
  await expect(queue).toContainText("Rejected");
  // Just checked: the shared minute counts down, then the customer may be asked about again.
  const next = queue.getByRole("listitem").filter({ hasText: "cus_rejected" }).getByTestId("queue-next-check");
  await expect(next).toHaveText(/^next check in (1:00|0:[0-5]\d)$/);
  await page.clock.fastForward("01:05");
  await expect(next).toHaveText("can be checked now");
  await shoot(page, "home-ops");
  await queue.getByRole("link", { name: /cus_rejected/ }).click();
  await expect(page).toHaveURL(/\/customers\/cus_rejected$/);
});

test("finance home lists an opened collection account with its balance, and Refresh re-reads it", async ({ page }) => {
  await signInAs(page, "finance");
  await page.goto("/collections/col_usd_0001");
  await expect(page.getByText("8012345678").first()).toBeVisible();
  await page.goto("/");
  const accounts = page.getByTestId("home-collections");
  await expect(accounts.getByRole("link", { name: /col_usd_0001/ })).toBeVisible();
  await expect(accounts).toContainText("8012345678");
  await expect(accounts).toContainText("$");
  // The balance and its "read … ago" sit at the row's right edge, also when they wrap under a long bank line.
  const row = accounts.getByRole("link", { name: /col_usd_0001/ });
  const [rowBox, balanceBox] = [await row.boundingBox(), await row.getByText(/^\$[\d,.]+$/).boundingBox()];
  expect(rowBox!.x + rowBox!.width - (balanceBox!.x + balanceBox!.width), "balance's gap to the row's right edge").toBeLessThanOrEqual(21);
  await page.getByRole("button", { name: "Refresh balances" }).click();
  await expect(page.getByRole("button", { name: "Refresh balances" })).toBeEnabled();
  await expect(accounts.getByRole("link", { name: /col_usd_0001/ })).toBeVisible();
  await shoot(page, "home-finance");
});

test("Ctrl+K opens a transaction by id, and a collection by its account number once it was opened", async ({ page }) => {
  await signInAs(page, "finance");
  await page.goto("/");
  await page.keyboard.press("Control+K");
  const palette = page.getByRole("dialog", { name: "Search everywhere" });
  await expect(palette).toBeVisible();
  await palette.getByRole("combobox").fill("txn_usd_0003");
  await expect(palette.getByRole("option", { name: /Open txn_usd_0003/ })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/transactions\/txn_usd_0003$/);
  await expect(palette).toBeHidden();

  // Indexed by an earlier read (the previous test, or this one).
  await page.goto("/collections/col_usd_0001");
  await expect(page.getByText("8012345678").first()).toBeVisible();
  await page.getByRole("button", { name: "Search" }).click();
  await palette.getByRole("combobox").fill("8012345678");
  const hit = palette.getByRole("option", { name: /col_usd_0001/ });
  await expect(hit).toBeVisible();
  await shoot(page, "palette");
  // The match, not the id reads, is what Enter opens once it has arrived.
  await expect(hit).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/collections\/col_usd_0001$/);

  // The palette remembers what was opened from it.
  await page.keyboard.press("Control+K");
  await expect(palette.getByRole("group", { name: "Recent" })).toContainText("col_usd_0001");
  await page.keyboard.press("Escape");
  await expect(palette).toBeHidden();
  // Focus is back on the header's button, and the shortcut closes what it opened.
  await expect(page.getByRole("button", { name: "Search" })).toBeFocused();
  await page.keyboard.press("Control+K");
  await expect(palette).toBeVisible();
  await page.keyboard.press("Control+K");
  await expect(palette).toBeHidden();
});

test("Ctrl+K pressed before the page has hydrated opens the palette once it has, and only once", async ({ page }) => {
  await signInAs(page, "finance");
  // The page's scripts are held back: it shows, server-rendered, with nothing of React running yet.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The scripts only: the stylesheet is render-blocking, and the page is to show.
  await page.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/finance", { waitUntil: "commit" });
  const search = page.getByRole("button", { name: "Search" });
  await expect(search).toBeVisible();
  await page.keyboard.press("Control+K");
  release();
  const palette = page.getByRole("dialog", { name: "Search everywhere" });
  await expect(palette).toBeVisible();
  await expect(palette.getByRole("combobox")).toBeFocused();
  // The early catch has stood down: one press closes it, as after any other opening.
  await page.keyboard.press("Control+K");
  await expect(palette).toBeHidden();
  await page.keyboard.press("Control+K");
  await expect(palette).toBeVisible();
});

test("Ctrl+K offers only customers the payments API confirmed, their state in words", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "ops");
  // Opening a customer page checks the id with the payments API: one it knows, one it answers 404 for.
  const known = page.waitForResponse((r) => r.url().endsWith("/api/v1/customers/cus_reconciliation/card-verification") && r.ok());
  await page.goto("/customers/cus_reconciliation");
  await known;
  const unknown = page.waitForResponse(
    (r) => r.url().endsWith("/api/v1/customers/cus_nowhere_e2e/card-verification") && r.status() === 404,
  );
  await page.goto("/customers/cus_nowhere_e2e");
  await unknown;

  await page.keyboard.press("Control+K");
  const palette = page.getByRole("dialog", { name: "Search everywhere" });
  const seen = palette.getByRole("group", { name: "Seen in this back-office" });
  await palette.getByRole("combobox").fill("cus_reco");
  const hit = seen.getByRole("option", { name: /cus_reconciliation/ });
  await expect(hit).toContainText("Customer · Reconciliation required");
  await expect(hit).not.toContainText("RECONCILIATION_REQUIRED");
  await shoot(page, "palette-customer");

  // Only once the search has answered does "no match" mean anything.
  const searched = page.waitForResponse((r) => r.url().includes("/api/v1/search?q=cus_nowhere") && r.ok());
  await palette.getByRole("combobox").fill("cus_nowhere");
  await searched;
  await expect(palette.getByRole("option", { name: /Open customer cus_nowhere/ })).toBeVisible();
  await expect(seen).toHaveCount(0);

  // Refused text gets the refusal alone, not "Nothing found" beside it as if it had been searched.
  const nothing = palette.getByText("Nothing found.");
  const searchedFor = (text: string, status: number) =>
    page.waitForResponse(
      (r) => r.url().includes("/api/v1/search?") && new URL(r.url()).searchParams.get("q") === text && r.status() === status,
    );
  const refused = searchedFor("cus\u0007reco", 400);
  await palette.getByRole("combobox").fill("cus\u0007reco");
  await refused;
  await expect(palette).toContainText("The search text contains characters that are not allowed");
  await expect(nothing).toHaveCount(0);
  // Text the search answered with no match says so, once.
  const none = searchedFor("no such thing", 200);
  await palette.getByRole("combobox").fill("no such thing");
  await none;
  await expect(nothing).toHaveCount(1);
  await expect(palette).not.toContainText("not allowed");
});

for (const role of ["compliance", "admin"] as Role[]) {
  test(`${role} home shows what the role allows`, async ({ page }) => {
    await signInAs(page, role);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Home");
    await expect(page.getByText("Audit chain")).toBeVisible();
    await expect(page.getByTestId("home-quota")).toContainText(/\d+ of \d+/);
    if (role === "admin") {
      await expect(page.getByRole("region", { name: "Disabled accounts" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Work queue" })).toBeVisible();
    } else {
      await expect(page.getByRole("region", { name: "Collection accounts" })).toHaveCount(0);
    }
    await shoot(page, `home-${role}`);
  });
}
