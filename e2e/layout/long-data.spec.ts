import { mkdirSync } from "node:fs";
import { keepScreenshot } from "@/e2e/support/screens";
import { settled } from "@/e2e/support/settled";
import { expect, test, type Page } from "@/e2e/support/fixtures";
import { sameOriginHeaders, signInAs, signInWith } from "@/e2e/support/auth";

// Tables with data longer than the seed's usual: a 100-character merchant name and one with no
// space to wrap at (card_long_0001), a member with a very long email and name, and a time zone
// whose label is long ("GMT+5:30"). At 1440 px no table is wider than its card and no cell's text
// runs past the cell unless it is cut with an ellipsis and the full value is on hover; at 390 px
// nothing is clipped.
const SHOTS = "test-results/long-data";
const LONG_EMAIL = `oluwaseun.adebayo-okonkwo.international-settlements-${Date.now()}@very-long-subsidiary-name.example.com`;
const LONG_NAME = "Oluwaseun Adebayo-Okonkwo Chukwuemeka Babatunde Fashola-Williams";
const PASSWORD = "long-data-password-2026";

const PAGES = [
  { path: "/cards/card_long_0001/transactions", wait: "card-row" },
  { path: "/audit", wait: "audit-row" },
  { path: "/staff" },
  { path: "/account/sessions" },
  { path: "/" },
  { path: "/customers" },
];

type Overflow = { what: string; by: number };

/**
 * Every table (a <table> or an ARIA table) against the card it sits in, and every cell's content
 * against the cell: a cell may cut its text only with an ellipsis and the whole value in a title.
 */
async function overflows(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const found: { what: string; by: number }[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute("data-testid") ? `[${el.getAttribute("data-testid")}]` : ""} "${(el.textContent ?? "").trim().slice(0, 50)}"`;
    // Visually hidden (sr-only, also under a responsive prefix) is read out, not drawn: not measured.
    const srOnly = (el: Element) => {
      for (let up: Element | null = el; up; up = up.parentElement) {
        const r = up.getBoundingClientRect();
        if (getComputedStyle(up).position === "absolute" && r.width <= 1 && r.height <= 1) return true;
      }
      return false;
    };
    const visible = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden" && !srOnly(el);
    for (const table of document.querySelectorAll('main table, main [role="table"]')) {
      if (!visible(table)) continue;
      const card = table.closest("section, [data-card]") ?? table.parentElement!;
      const by = table.getBoundingClientRect().width - card.getBoundingClientRect().width;
      if (by > 1) found.push({ what: `table ${table.getAttribute("aria-label") ?? name(table)} wider than its card`, by: Math.round(by) });
    }
    const cells = document.querySelectorAll('main td, main th, main [role="cell"], main [role="columnheader"]');
    for (const cell of cells) {
      if (!visible(cell) || cell.closest(".sr-only")) continue;
      for (const el of [cell, ...cell.querySelectorAll("*")]) {
        if (!visible(el) || el.closest(".sr-only")) continue;
        const html = el as HTMLElement;
        const by = html.scrollWidth - html.clientWidth;
        if (by <= 1 || html.clientWidth === 0) continue;
        const style = getComputedStyle(html);
        // Scrolling boxes are deliberate; an ellipsis with the whole value on hover is a cut, not a clip.
        if (style.overflowX === "auto" || style.overflowX === "scroll") continue;
        const titledAbove = html.closest("[title]");
        const titled = (titledAbove !== null && cell.contains(titledAbove)) || html.querySelector("[title]") !== null;
        if (style.textOverflow === "ellipsis" && titled) continue;
        found.push({ what: `cell content ${name(el)} runs past its edge`, by });
      }
      // Text drawn outside the cell's box (a nowrap child wider than a fixed column).
      const box = cell.getBoundingClientRect();
      for (const el of cell.querySelectorAll("*")) {
        if (!visible(el) || el.closest(".sr-only")) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0) continue;
        const out = Math.max(r.right - box.right, box.left - r.left);
        // Cut inside an ellipsis box on the way up to the cell: the first check saw it is titled.
        let clipped = false;
        for (let up: Element | null = el; up && !clipped; up = up === cell ? null : up.parentElement) {
          const style = getComputedStyle(up);
          clipped = style.overflowX !== "visible" && style.textOverflow === "ellipsis";
        }
        if (out > 1 && !clipped) found.push({ what: `${name(el)} drawn past its cell`, by: Math.round(out) });
      }
    }
    return found;
  });
}

test("tables fit long ids, emails, merchant names and time-zone labels at 1440 and 390 px", async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  await signInAs(page, "admin");
  const headers = sameOriginHeaders(baseURL!);
  const created = await page.request.post("/api/staff", {
    headers,
    data: { email: LONG_EMAIL, name: LONG_NAME, role: "compliance", password: PASSWORD },
  });
  expect(created.ok(), await created.text()).toBe(true);
  // The long member signs in (an audit row with the long email) and looks a card up (a long target).
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signInWith(otherPage, LONG_EMAIL, PASSWORD);
  await other.close();
  // The zone with a long label, as the member chose it.
  expect((await page.request.patch("/api/account/preferences", { headers, data: { timeZone: "Asia/Kolkata" } })).status()).toBe(200);

  try {
    for (const target of PAGES) {
      await test.step(target.path, async () => {
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.goto(target.path);
        if (target.wait) await expect(page.getByTestId(target.wait).first()).toBeVisible({ timeout: 20_000 });
        await settled(page, { timeout: 20_000 });
        for (const width of [1440, 390]) {
          await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
          const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect.soft(pageWidth, `${target.path} at ${width} px: page wider than the screen`).toBeLessThanOrEqual(0);
          expect.soft(await overflows(page), `${target.path} at ${width} px`).toEqual([]);
          await keepScreenshot(page, `${SHOTS}/${width}-${target.path.replace(/[^a-z0-9]+/gi, "_")}.png`);
        }
      });
    }
    // The cut merchant name is whole on hover.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/cards/card_long_0001/transactions");
    const link = page.getByTestId("card-row").first().getByRole("link");
    await expect(link).toHaveAttribute("title", /.{70,}/);
    // This card's one reversed euro row is counted as one row, not "1 rows".
    await expect(page.getByTestId("card-totals-EUR").getByTestId("total-reversed")).toContainText(/· 1 row(?!s)/);
  } finally {
    await page.request.patch("/api/account/preferences", { headers, data: { timeZone: null } });
  }
});

test("a long error under a card's button wraps inside the card at 390 px; the button stays on screen", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, "admin");
  // A second session, so "End all other sessions" is offered.
  const other = await browser.newContext({ baseURL });
  await signInAs(await other.newPage(), "admin");
  // The server's answer to an unexpected failure: the longest message a button here shows.
  const requestId = "33bd8541-6a68-4623-8407-165b64213095";
  await page.route("**/api/account/sessions/end-others", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({
        error: {
          code: "internal_error",
          message: `Something went wrong on our side. Try again; if it persists, give an administrator the request id ${requestId}.`,
        },
      }),
    }),
  );
  try {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      await page.goto("/account/sessions");
      const button = page.getByRole("button", { name: "End all other sessions" });
      await button.click();
      const alert = page.getByRole("alert").filter({ hasText: requestId });
      await expect(alert).toBeVisible();
      const card = page.locator("section").filter({ has: button });
      const cardBox = (await card.boundingBox())!;
      for (const [what, box] of [
        ["the message", (await alert.boundingBox())!],
        ["the button", (await button.boundingBox())!],
      ] as const) {
        expect(box.x + box.width, `${what} at ${width} px ends inside the card`).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
        expect(box.x, `${what} at ${width} px starts inside the card`).toBeGreaterThanOrEqual(cardBox.x - 0.5);
      }
      await keepScreenshot(page, `${SHOTS}/${width}-card-action-error.png`);
    }
  } finally {
    await other.close();
  }
});
