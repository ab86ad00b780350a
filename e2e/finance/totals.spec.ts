import { readFileSync } from "node:fs";
import { keepScreenshot } from "@/e2e/support/screens";
import Papa from "papaparse";
import { expect, test, type Locator, type Page } from "@/e2e/support/fixtures";
import { signInAs } from "@/e2e/support/auth";
import { expectFits } from "@/e2e/support/fits";

const CARD_PAGE = "/cards/card_busy_0001/transactions";

/** "$471,777.41" or "+$12.00" → cents. */
const centsOf = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);

async function downloadCsv(page: Page): Promise<Record<string, string>[]> {
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Export CSV/ }).click();
  const text = readFileSync((await (await download).path())!, "utf8");
  return Papa.parse<Record<string, string>>(text.trim(), { header: true, newline: "\r\n" }).data;
}

test.describe("card totals finance can sign off", () => {
  // A staff member in Lagos: date filters are read in this zone.
  test.use({ timezoneId: "Africa/Lagos" });
  test.beforeEach(async ({ page }) => {
    await signInAs(page, "finance");
  });

  test("finance reads spent, refunded, net and the unsettled rows apart, and the CSV adds up to the same", async ({ page }) => {
    await page.goto(CARD_PAGE);
    const usd = page.getByTestId("card-totals-USD");
    await expect(usd).toBeVisible();
    const figure = async (bucket: string) => centsOf(await usd.getByTestId(`total-${bucket}`).locator("dd").textContent());
    const shown = Object.fromEntries(
      await Promise.all(["spent", "refunded", "net", "failed", "reversed", "pending"].map(async (b) => [b, await figure(b)] as const)),
    );
    expect(shown.net).toBe(shown.spent! - shown.refunded!);
    await expect(usd.getByTestId("total-refunded").locator("dd")).toContainText("+");
    const rows = await downloadCsv(page);
    expect(rows).toHaveLength(5200);
    for (const bucket of ["spent", "refunded", "failed", "reversed", "pending"]) {
      const sum = rows
        .filter((r) => r.currency === "USD" && r.counts_as === bucket)
        .reduce((s, r) => s + Math.round(Math.abs(Number(r.amount)) * 100), 0);
      expect(sum, bucket).toBe(shown[bucket]);
    }
    // Credits read as money in, in the table as on the totals.
    await page.goto(`${CARD_PAGE}?type=CREDIT`);
    await expect(page.getByTestId("card-row").first().locator('[role="cell"]').last()).toContainText("+");
  });

  test("the date range is read in the browser's zone, said beside the filter, and the CSV follows it", async ({ page }) => {
    await page.goto(CARD_PAGE);
    await expect(page.getByTestId("card-filter-zone")).toContainText("Africa/Lagos");
    const first = await page.getByTestId("card-row").first().locator("time").getAttribute("datetime");
    const lagosDay = new Date(Date.parse(first!) + 3_600_000).toISOString().slice(0, 10);
    await page.getByLabel("From date").fill(lagosDay);
    await page.getByLabel("To date").fill(lagosDay);
    await expect(page).toHaveURL(/tz=Africa%2FLagos/);
    await expect(page.getByTestId("card-row-count")).not.toHaveText("5,200");
    const rows = await downloadCsv(page);
    const start = Date.parse(`${lagosDay}T00:00:00+01:00`);
    expect(rows.length).toBeGreaterThan(0);
    // "2026-11-01 00:32:00 +01:00": wall time in the zone the header names, with its offset.
    const at = (r: Record<string, string>) => Date.parse(r["created_at (Africa/Lagos)"]!.replace(" ", "T").replace(" ", ""));
    expect(rows.every((r) => at(r) >= start && at(r) < start + 86_400_000)).toBe(true);
  });

  test("a view with no match offers Clear filters, which brings the whole list back", async ({ page }) => {
    await page.goto(`${CARD_PAGE}?q=zzzz-no-match&currency=USD`);
    await expect(page.getByText("No transactions match")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).last().click();
    await expect(page).toHaveURL(new RegExp(`${CARD_PAGE}$`));
    await expect(page.getByTestId("card-row-count")).toHaveText("5,200");
    await expect(page.getByLabel("Search description, merchant or reference")).toHaveValue("");
  });

  test("at 390 px each row shows what, how much, when and its status without scrolling sideways; 1440 px keeps the six columns", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${CARD_PAGE}?status=FAILED&currency=USD`);
    const rows = page.getByTestId("card-row");
    await expect(rows.first()).toBeVisible();
    const first = rows.first();
    const cells = first.getByRole("cell");
    // Date, description, reference, status, type, amount: the four a phone shows are inside the screen.
    for (const i of [0, 1, 3, 5]) {
      const box = (await cells.nth(i).boundingBox())!;
      expect(box.x + box.width, `cell ${i}'s right edge`).toBeLessThanOrEqual(390);
      expect(box.width, `cell ${i}'s width`).toBeGreaterThan(30);
    }
    await expect(cells.nth(5)).toHaveText(/^\$\d/);
    await expect(cells.nth(3)).toHaveText("Failed");
    // The description and the amount share the first line; the date and the status the second.
    const [description, amount, date] = await Promise.all([1, 5, 0].map(async (i) => (await cells.nth(i).boundingBox())!));
    expect(Math.abs(description!.y - amount!.y)).toBeLessThan(8);
    expect(date!.y).toBeGreaterThan(description!.y + description!.height - 1);
    // Rows do not overlap: the second starts where the first ends.
    const [one, two] = [(await first.boundingBox())!, (await rows.nth(1).boundingBox())!];
    expect(two.y).toBeGreaterThanOrEqual(one.y + one.height - 1);
    expect(date!.y + date!.height).toBeLessThanOrEqual(one.y + one.height);
    // Nothing scrolls sideways, and both sort buttons are on screen and work.
    expect(
      await page
        .getByRole("table", { name: "Card transactions" })
        .evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth),
    ).toBeLessThanOrEqual(1);
    await expect(page.getByRole("region", { name: /scrolls sideways/ })).toHaveCount(0);
    const firstAmounts = async () =>
      (await rows.evaluateAll((els) => els.slice(0, 5).map((el) => el.querySelectorAll('[role="cell"]')[5]!.textContent))).map(centsOf);
    const descending = (cents: number[]) => cents.every((v, i) => i === 0 || cents[i - 1]! >= v);
    expect(descending(await firstAmounts()), "the date order is not already by amount").toBe(false);
    await page.getByRole("button", { name: /^Amount/ }).click();
    await expect(page).toHaveURL(/sort=amount/);
    await expect.poll(async () => descending(await firstAmounts())).toBe(true);
    // Above the rows, the filters and the totals take two columns, not a screen and a half.
    const top = async (locator: Locator) => (await locator.boundingBox())!.y;
    expect(await top(page.getByLabel("Type"))).toBeCloseTo(await top(page.getByLabel("Status")), 0);
    expect(await top(page.getByLabel("To date"))).toBeCloseTo(await top(page.getByLabel("From date")), 0);
    const usd = page.getByTestId("card-totals-USD");
    expect(await top(usd.getByTestId("total-refunded"))).toBeCloseTo(await top(usd.getByTestId("total-spent")), 0);
    // The rows box scrolls vertically only: nothing in it scrolls sideways on its own.
    expect(await page.getByTestId("card-rows-scroll").evaluate((el) => getComputedStyle(el).overflowX)).toBe("hidden");

    await page.setViewportSize({ width: 1440, height: 900 });
    for (const name of ["Description", "Reference", "Status", "Type"]) await expect(page.getByRole("columnheader", { name })).toBeVisible();
    const wide = (await rows.first().boundingBox())!;
    expect(wide.height).toBeLessThan(one.height);
  });

  test("deep in the list the rows box is filled with rows from top to bottom, at 390 px and after widening to 1440", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(CARD_PAGE);
    const scroller = page.getByTestId("card-rows-scroll");
    await expect(page.getByTestId("card-row").first()).toBeVisible();
    // The rows are placed by the CSS row height; which rows exist is the virtualizer's reckoning.
    // If the two disagreed, rows far down would be rendered away from where the box looks.
    const gaps = () =>
      scroller.evaluate((box) => {
        const view = box.getBoundingClientRect();
        const rows = [...box.querySelectorAll('[role="row"]')].map((row) => row.getBoundingClientRect());
        const covers = (y: number) => rows.some((r) => r.top <= y && r.bottom >= y);
        return [view.top + 2, view.top + view.height / 2, view.bottom - 2].filter((y) => !covers(y)).length;
      });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 844 });
      for (const fraction of [0.5, 0.97]) {
        await scroller.evaluate((box, f) => box.scrollTo({ top: box.scrollHeight * f }), fraction);
        await expect.poll(gaps, `${width} px, ${fraction} of the way down`).toBe(0);
      }
    }
  });

  test("at 360 px, the narrowest phone the back-office supports, every filter shows its value whole", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${CARD_PAGE}?from=2026-10-01&to=2026-10-31`);
    await expect(page.getByTestId("card-row").first()).toBeVisible();
    await expectFits(page, "the card page at 360 px");
    for (const label of ["From date", "To date"]) {
      const input = page.getByLabel(label);
      expect(await input.evaluate((el) => el.scrollWidth - el.clientWidth), `${label} cut off`).toBeLessThanOrEqual(0);
      expect((await input.boundingBox())!.width, `${label}'s width`).toBeGreaterThan(250);
    }
  });

  test("screenshots of the card page and a transaction detail at 1440 and 390 px", async ({ page }, info) => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(CARD_PAGE);
      await expect(page.getByTestId("card-totals-USD")).toBeVisible();
      await keepScreenshot(page, info.outputPath(`card-page-${width}.png`));
      await page.goto(`${CARD_PAGE}/ctx_busy_0001_000001`);
      await expect(page.getByTestId("record-headline")).toBeVisible();
      await keepScreenshot(page, info.outputPath(`card-transaction-${width}.png`));
      await page.goto("/transactions/txn_usd_0003");
      await expect(page.getByTestId("record-headline")).toBeVisible();
      await keepScreenshot(page, info.outputPath(`transaction-${width}.png`));
    }
  });
});
