import { expect, test, type Page } from "@/e2e/support/fixtures";
import { signInAs } from "@/e2e/support/auth";

/**
 * A browser may paint a page before its HTML has all arrived (a busy server, a slow phone, a long
 * page). A row whose parts share its width (the header's right-aligned group, a page's actions, the
 * card filters' grid with a column sized by its content) drawn part-built and then whole would move
 * what was drawn: a layout shift. Each such row (SHOWN_WHOLE) stays invisible until its last child
 * has been parsed. Here the page's own HTML is served cut off just before each row's end marker,
 * as a paint mid-stream would see it (scripts off: a cut page's scripts would render it whole on
 * their own), and then whole.
 */
const MARKER = "<span data-whole-end";
const ROWS = '[class*="data-whole-end"]';

/** Each row on the page: whether its end marker is in, and whether it is drawn. */
function rows(page: Page) {
  return page
    .locator(ROWS)
    .evaluateAll(
      (els, marker) =>
        els.map((el) => ({ whole: el.querySelector(`:scope > ${marker}`) !== null, visibility: getComputedStyle(el).visibility })),
      "[data-whole-end]",
    );
}

for (const path of ["/finance", "/cards/card_busy_0001/transactions"]) {
  test(`${path}: a row is not drawn until all of it has arrived`, async ({ page, browser }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, "finance");
    const html = await (await page.request.get(path)).text();
    const cuts = [...html.matchAll(new RegExp(MARKER, "g"))].map((m) => m.index!);
    // The header's group everywhere; on the card's page also its actions and its filters.
    expect(cuts.length, "end markers in the page").toBe(path === "/finance" ? 1 : 3);

    const scriptless = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
    const cutPage = await scriptless.newPage();
    const url = new URL(path, page.url()).toString();
    for (const [i, cut] of cuts.entries()) {
      await cutPage.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html", body: html.slice(0, cut) }));
      await cutPage.goto(url);
      await expect(cutPage.getByTestId("header-actions").getByTestId("header-time-zone")).toBeAttached();
      const drawn = await rows(cutPage);
      expect(drawn.length, `rows begun with the HTML cut before marker ${i + 1}`).toBe(i + 1);
      expect(drawn.slice(0, i), "the rows whose end has arrived").toEqual(Array(i).fill({ whole: true, visibility: "visible" }));
      expect(drawn[i], "the row cut off").toEqual({ whole: false, visibility: "hidden" });
      await cutPage.unroute(url);
    }
    await scriptless.close();

    await page.goto(path);
    await expect(page.getByTestId("header-actions").getByRole("button", { name: /search/i })).toBeVisible();
    expect(await rows(page)).toEqual(Array(cuts.length).fill({ whole: true, visibility: "visible" }));
  });
}
