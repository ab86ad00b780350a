import { expect, test } from "@/e2e/support/fixtures";
import { signInAs } from "@/e2e/support/auth";
import { simulator } from "@/e2e/support/simulator";

// A card no other spec opens (1,234 transactions): its list is read from the simulator on this
// visit and again on each Refresh, and no other spec's snapshot of it is in play.
const CARD_PAGE = "/cards/card_synth_1234/transactions";

test.afterEach(async ({ request }) => {
  await simulator.clearFaults(request);
});

test.beforeEach(async ({ page }) => {
  await signInAs(page, "finance");
});

test("a Refresh says it is working; when it fails the rows, totals and Export stay with the reason above them, and Try again brings the new list", async ({
  page,
}) => {
  await page.goto(CARD_PAGE);
  const count = page.getByTestId("card-row-count");
  await expect(count).toHaveText("1,234");
  const asOf = page.getByTestId("card-totals").locator("time").first();
  const readAt = await asOf.getAttribute("datetime");
  const exportLink = page.getByRole("link", { name: /Export CSV \(1,234\)/ });
  const exportHref = await exportLink.getAttribute("href");
  expect(exportHref).toContain("snapshot=");
  const address = page.url();

  // The app retries a GET twice on a 504: three answers in a row fail the whole read. Each is held
  // a moment, so the Refresh is seen working.
  await simulator.addFault(page.request, { operation: "GET /cards/{id}/transactions", status: 504, latencyMs: 400, times: 3 });
  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  const working = page.getByRole("button", { name: "Refreshing…" });
  await expect(working).toBeVisible();
  await expect(working).toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: "Reading the card's transactions again" })).toBeAttached();
  // While it works, the list read before is still there.
  await expect(page.getByTestId("card-row").first()).toBeVisible();
  await expect(count).toHaveText("1,234");

  const banner = page.getByTestId("card-refresh-failed");
  await expect(banner).toContainText("Could not refresh:", { timeout: 20_000 });
  await expect(banner).toContainText("showing what was read at");
  await expect(banner.locator("time")).toHaveAttribute("datetime", readAt!);
  await expect(banner).toHaveAttribute("role", "status");
  // The list, its totals and its CSV are the copy read before, not an error in their place.
  await expect(page.getByTestId("card-row").first()).toBeVisible();
  await expect(count).toHaveText("1,234");
  await expect(page.getByTestId("card-totals")).toBeVisible();
  await expect(asOf).toHaveAttribute("datetime", readAt!);
  await expect(exportLink).toHaveAttribute("href", exportHref!);
  await expect(page.getByRole("button", { name: "Refresh", exact: true })).toBeEnabled();
  expect(page.url()).toBe(address);

  await simulator.clearFaults(page.request);
  await banner.getByRole("button", { name: "Try again" }).click();
  await expect(banner).toHaveCount(0, { timeout: 20_000 });
  await expect(asOf).not.toHaveAttribute("datetime", readAt!);
  await expect(exportLink).not.toHaveAttribute("href", exportHref!);
  await expect(count).toHaveText("1,234");
  expect(page.url()).toBe(address);
});

test("a link whose time zone is not known says so, reads its dates in UTC, and its first filter change works", async ({ page }) => {
  const failures: string[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/api/v1/cards/") && r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(`${CARD_PAGE}?from=2000-01-01&tz=Mars%2FBase`);
  const notice = page.getByTestId("card-filter-errors");
  await expect(notice).toContainText("Time zone “Mars/Base”: This time zone is not known; the dates are read in UTC.");
  await expect(page.getByTestId("card-filter-zone")).toContainText("UTC");
  await expect(page.getByTestId("card-row").first()).toBeVisible();
  // The CSV reads the range as the list does, without the zone the server would refuse.
  const href = await page.getByRole("link", { name: /Export CSV/ }).getAttribute("href");
  expect(href).not.toContain("Mars");
  expect(new URL(href!, page.url()).searchParams.get("tz")).toBe("UTC");

  // Before, this change answered 400 ("tz must be an IANA time zone name"), and so did Try again.
  await page.getByLabel("Status").selectOption({ index: 1 });
  await expect(page).toHaveURL(/status=/);
  await expect(page).not.toHaveURL(/tz=/);
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId("card-row").first()).toBeVisible();
  await expect(page.getByText("tz must be an IANA time zone name")).toHaveCount(0);
  expect(failures).toEqual([]);
});
