import { expect, test, type Page } from "@/e2e/support/fixtures";
import { keepScreenshot } from "@/e2e/support/screens";
import { sameOriginHeaders, signInAs } from "@/e2e/support/auth";

// The browser says New York; the member chooses Lagos, and every date, filter and export follows the choice.
test.use({ timezoneId: "America/New_York" });

const SHOTS = "test-results/time-zone";

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "page width at this viewport").toBeLessThanOrEqual(innerWidth);
}

test.describe("a time zone per staff member", () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, "compliance");
  });

  // The demo account is shared with other specs: leave it following the browser again.
  test.afterEach(async ({ page, baseURL }) => {
    const res = await page.request.patch("/api/account/preferences", { headers: sameOriginHeaders(baseURL!), data: { timeZone: null } });
    expect(res.status()).toBe(200);
  });

  test("chosen on the account page, shown in the header, used by the audit filters and export", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/account");
    const header = page.getByTestId("header-time-zone");
    await expect(header).toContainText("America/New_York");
    await expect(page.getByLabel("Zone", { exact: true })).toContainText("Use my browser’s zone (America/New_York)");

    await page.getByLabel("Search zones").fill("lagos");
    await page.getByLabel("Zone", { exact: true }).selectOption("Africa/Lagos");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toContainText("Saved. Dates are now shown in Africa/Lagos.");
    await expect(header).toContainText("Africa/Lagos");
    await keepScreenshot(page, `${SHOTS}/account-1440.png`);
    await keepScreenshot(header, `${SHOTS}/header-1440.png`);

    // Stored, not just in this tab: a fresh load still says Lagos.
    await page.reload();
    await expect(page.getByTestId("header-time-zone")).toContainText("Africa/Lagos");
    await expect(page.getByLabel("Zone", { exact: true })).toHaveValue("Africa/Lagos");

    await page.goto("/audit");
    const zone = page.getByTestId("audit-filter-zone");
    await expect(zone).toContainText("Dates in Africa/Lagos");
    await expect(page.getByTestId("audit-export")).toHaveAttribute("href", /tz=Africa%2FLagos/);
    // Timestamps name their zone: Lagos is GMT+1 all year.
    await expect(page.locator("main time").first()).toContainText("GMT+1");

    await page.getByLabel("From", { exact: true }).fill("2026-11-01");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/tz=Africa%2FLagos/);
    await expect(page.getByTestId("audit-export")).toHaveAttribute(
      "href",
      /from=2026-11-01.*tz=Africa%2FLagos|tz=Africa%2FLagos.*from=2026-11-01/,
    );
    const exported = await page.request.get((await page.getByTestId("audit-export").getAttribute("href"))!);
    expect(exported.status()).toBe(200);
    expect((await exported.text()).split("\r\n")[0]).toContain("occurred_at (Africa/Lagos)");
  });

  test("fits a 390 px phone: header and account page", async ({ page, baseURL }) => {
    const saved = await page.request.patch("/api/account/preferences", {
      headers: sameOriginHeaders(baseURL!),
      data: { timeZone: "Africa/Lagos" },
    });
    expect(saved.status()).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/account");
    const header = page.getByTestId("header-time-zone");
    await expect(header).toBeVisible();
    // Short at this width; the full name is still read out.
    await expect(header).toContainText("GMT+1");
    await expect(header).toHaveAccessibleName(/Africa\/Lagos/);
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, `${SHOTS}/account-390.png`);
    await keepScreenshot(page.locator("header"), `${SHOTS}/header-390.png`);
    await header.click();
    await expect(page).toHaveURL(/\/account#time-zone$/);
    await page.goto("/audit");
    await expect(page.getByTestId("audit-filter-zone")).toContainText("Dates in Africa/Lagos");
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, `${SHOTS}/audit-390.png`);
  });
});
