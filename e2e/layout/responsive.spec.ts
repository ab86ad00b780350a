import { settled } from "@/e2e/support/settled";
import { expect, test, type Page, type TestInfo } from "@/e2e/support/fixtures";
import { expectAccessible } from "@/e2e/support/accessibility";
import { signInAs } from "@/e2e/support/auth";
import { layoutShifts, recordLayoutShifts, shiftTotal, UNSEEN_SHIFT } from "@/e2e/support/layout-shift";
import { keepScreenshot, SCREENSHOTS_WANTED } from "@/e2e/support/screens";

// Every page of the app, with the seed ids of the sandbox, at a phone and a desktop width. The
// administrator may see every page. `section` is the menu entry that must be marked current,
// `crumbs` the linked trail above the title, `title` the tab title where it names an object.
type AppPage = { path: string; heading: RegExp; section: string | null; crumbs?: string[]; title?: string };

const CARD = "card_busy_0001";

function appPages(cardTransactionId: string): AppPage[] {
  return [
    { path: "/", heading: /^Home/, section: null },
    { path: "/business", heading: /.+/, section: "Business profile" },
    { path: "/finance", heading: /^Finance$/, section: "Finance", crumbs: [] },
    { path: "/transactions/txn_usd_0001", heading: /.+/, section: "Finance", crumbs: ["Finance"], title: "txn_usd_0001 · Transaction" },
    { path: "/bills/bill_elec_0001", heading: /.+/, section: "Finance", crumbs: ["Finance"], title: "Ikeja Electric · Bill payment" },
    { path: "/bills/categories", heading: /^Bill catalogue$/, section: "Bill catalogue", crumbs: ["Finance"] },
    {
      path: "/bills/categories/cat_electricity",
      heading: /cat_electricity/,
      section: "Bill catalogue",
      crumbs: ["Finance", "Bill catalogue"],
      title: "cat_electricity · Bill category",
    },
    {
      path: "/bills/categories/cat_electricity/items/biller_ikeja_electric",
      // Titled by the biller's name, which only the category's list gives.
      heading: /^Ikeja Electric$/,
      section: "Bill catalogue",
      crumbs: ["Finance", "Bill catalogue", "cat_electricity"],
      title: "Ikeja Electric · Biller items",
    },
    {
      path: `/cards/${CARD}/transactions`,
      heading: new RegExp(CARD),
      section: "Finance",
      crumbs: ["Finance"],
      title: `${CARD} · Card transactions`,
    },
    {
      path: `/cards/${CARD}/transactions/${cardTransactionId}`,
      heading: /.+/,
      section: "Finance",
      crumbs: ["Finance", CARD],
      title: `${cardTransactionId} · Card transaction`,
    },
    {
      path: "/collections/col_usd_0001",
      heading: /.+/,
      section: "Finance",
      crumbs: ["Finance"],
      title: "col_usd_0001 · Collection account",
    },
    { path: "/customers", heading: /^Customers$/, section: "Customers", crumbs: [] },
    {
      path: "/customers/cus_approved",
      heading: /cus_approved/,
      section: "Customers",
      crumbs: ["Customers"],
      title: "cus_approved · Customer",
    },
    { path: "/bvn", heading: /^BVN lookup$/, section: "BVN lookup" },
    { path: "/audit", heading: /^Audit trail$/, section: "Audit trail" },
    { path: "/account", heading: /^Your account$/, section: null },
    { path: "/staff", heading: /.+/, section: "Staff" },
    { path: "/no-such-page-here", heading: /^Page not found$/, section: null },
  ];
}

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

async function firstCardTransactionId(page: Page): Promise<string> {
  await page.goto(`/cards/${CARD}/transactions`);
  const href = await page.getByRole("table", { name: "Card transactions" }).getByRole("link").first().getAttribute("href");
  const id = href?.split("/").pop();
  expect(id, "a transaction of the busy card").toBeTruthy();
  return decodeURIComponent(id!);
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "page width at this viewport").toBeLessThanOrEqual(innerWidth);
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!SCREENSHOTS_WANTED) return;
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
}

test.describe("every page as an administrator", () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, "admin");
  });

  for (const viewport of VIEWPORTS) {
    test(`fits ${viewport.width} px without sideways scrolling, passes axe, marks its section`, async ({ page }, testInfo) => {
      test.setTimeout(240_000);
      const pages = appPages(await firstCardTransactionId(page));
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const target of pages) {
        await test.step(target.path, async () => {
          await page.goto(target.path);
          await settled(page, { heading: target.heading });
          await expectNoSidewaysScroll(page);
          await expectAccessible(page);
          if (target.title) await expect(page).toHaveTitle(`${target.title} · Payments back-office`);
          if (target.crumbs) {
            const trail = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link");
            await expect(trail).toHaveText(target.crumbs);
          }
          if (viewport.name === "desktop") {
            const current = page.getByRole("navigation", { name: "Main" }).locator("a[aria-current]");
            if (target.section) await expect(current).toHaveText([target.section]);
            else await expect(current).toHaveCount(0);
          }
          await attachScreenshot(page, testInfo, `${viewport.width}${target.path.replace(/[^a-z0-9]+/gi, "_")}`);
        });
      }
    });
  }

  test("the dark theme follows the system setting and keeps its contrast", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: "dark" });
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const [path, heading] of [
        ["/transactions/txn_usd_0001", /.+/],
        ["/customers/cus_approved", /cus_approved/],
        ["/audit", /^Audit trail$/],
        ["/bills/categories/cat_electricity/items/biller_ikeja_electric", /^Ikeja Electric$/],
      ] as const) {
        await page.goto(path);
        await settled(page, { heading });
        // The page itself is dark, not only the components that have a dark look of their own.
        expect(await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches)).toBe(true);
        expect(await bodyLuminance(page), "luminance of the page background").toBeLessThan(0.1);
        await expectAccessible(page);
        await attachScreenshot(page, testInfo, `dark-${viewport.width}${path.replace(/[^a-z0-9]+/gi, "_")}`);
      }
    }
  });

  test("an unknown address shows the 404 inside the shell, with the menu and the signed-in staff member", async ({ page }) => {
    const response = await page.goto("/definitely/not/a/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Finance" })).toBeVisible();
    await expect(page.getByTestId("signed-in-staff")).toContainText("admin@example.com");
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  });

  test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
    await page.goto("/finance");
    await settled(page, { heading: /^Finance$/ });
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  });
});

test.describe("the menu drawer at 390 px", () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, "admin");
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test("opens from the menu button, its links navigate and close it, Escape closes it, Sign out is in it", async ({ page }) => {
    await page.goto("/business");
    const mainNav = page.getByRole("navigation", { name: "Main" });
    // At phone width the side menu is gone from the page; only the button remains.
    await expect(mainNav).toHaveCount(0);
    const menuButton = page.getByRole("button", { name: "Menu", exact: true });
    await expect(menuButton).toBeVisible();

    await menuButton.click();
    const drawer = page.getByRole("dialog", { name: "Menu", exact: true });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId("signed-in-staff")).toContainText("admin@example.com");
    await expect(drawer.getByRole("link", { name: "Business profile" })).toHaveAttribute("aria-current", "page");
    const box = await drawer.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    await drawer.getByRole("link", { name: "Finance" }).click();
    await expect(page).toHaveURL(/\/finance$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Finance" })).toBeVisible();

    await menuButton.click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Finance" })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    const signOut = drawer.getByRole("button", { name: "Sign out" });
    await signOut.scrollIntoViewIfNeeded();
    await expect(signOut).toBeInViewport();
    await signOut.click();
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test("widening the window past 1024 px closes the drawer and shows the side menu", async ({ page }) => {
    await page.goto("/finance");
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Menu", exact: true })).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByRole("dialog", { name: "Menu", exact: true })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Finance" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  });

  test("a detail page marks its section in the drawer", async ({ page }) => {
    await page.goto("/transactions/txn_usd_0001");
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Menu", exact: true }).locator("a[aria-current]")).toHaveText(["Finance"]);
  });
});

// A phone shows each row of these tables as a card of labelled fields: every column, the row's
// actions included, is on screen without scrolling the table sideways; a desktop keeps the columns.
test.describe("tables whose rows stack on a phone", () => {
  const TABLES = [
    { path: "/staff", table: "Staff members", row: "staff-row", heading: /^Staff$/, label: "Last sign-in", action: "Reset password" },
    { path: "/customers", table: "Customers", row: "directory-row", heading: /^Customers$/, label: "Verification", action: null },
    { path: "/audit", table: "Audit entries", row: "audit-row", heading: /^Audit trail$/, label: "Outcome", action: "Show details" },
    {
      path: "/bills/categories/cat_electricity/items/biller_ikeja_electric",
      table: "Items of Ikeja Electric",
      row: "biller-item-row",
      heading: /^Ikeja Electric$/,
      label: "Fee",
      action: null,
    },
  ] as const;

  test.beforeEach(async ({ page }) => {
    await signInAs(page, "admin");
    // The directory lists a customer once staff have opened them.
    await page.goto("/customers/cus_approved");
    await settled(page, { heading: /cus_approved/ });
  });

  for (const t of TABLES) {
    test(`${t.path}: at 390 px every field of a row is on screen and labelled; at 1440 px the columns are back`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(t.path);
      await settled(page, { heading: t.heading });
      const table = page.getByRole("table", { name: t.table });
      const row = table.getByTestId(t.row).last();
      await expect(row).toBeVisible();
      // Nothing in the table scrolls sideways: no part of a row is out of view to the right.
      expect(
        await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth),
        "sideways overflow of the table",
      ).toBeLessThanOrEqual(1);
      const cells = await row
        .getByRole("cell")
        .evaluateAll((tds) =>
          tds.map((td) => ({ right: td.getBoundingClientRect().right, cut: td.scrollWidth - td.clientWidth, text: td.textContent })),
        );
      for (const { right, cut, text } of cells) {
        expect(right, `the right edge of "${text}"`).toBeLessThanOrEqual(390);
        expect(cut, `text cut off in "${text}"`).toBeLessThanOrEqual(1);
      }
      await expect(row.getByText(t.label, { exact: true })).toBeVisible();
      if (t.action) {
        const box = await row.getByRole("button", { name: new RegExp(t.action) }).boundingBox();
        expect(box && box.x + box.width, `the right edge of "${t.action}"`).toBeLessThanOrEqual(390);
      }
      await expectAccessible(page);

      await page.setViewportSize({ width: 1440, height: 900 });
      await expect(row.getByText(t.label, { exact: true })).toBeHidden();
      await expect(table.getByRole("columnheader", { name: t.label })).toBeVisible();
    });
  }

  test("/audit: on a phone an entry opens from a worded button under its fields, big enough for a thumb", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/audit");
    await settled(page, { heading: /^Audit trail$/ });
    // The two dates share a row above the entries; the lists keep the whole width.
    const [from, to, outcome] = await Promise.all(
      ["From", "To", "Outcome"].map(async (name) => (await page.getByLabel(name, { exact: true }).boundingBox())!),
    );
    expect(to!.y).toBeCloseTo(from!.y, 0);
    expect(outcome!.width).toBeGreaterThan(300);
    const row = page.getByRole("table", { name: "Audit entries" }).getByTestId("audit-row").first();
    const toggle = row.getByRole("button", { name: /^Show details of / });
    await expect(toggle).toHaveText("Show details");
    const button = (await toggle.boundingBox())!;
    const request = (await row.getByRole("cell").last().boundingBox())!;
    expect(button.y, "the button sits below the row's last field").toBeGreaterThanOrEqual(request.y + request.height - 1);
    expect(button.height, "the button's height").toBeGreaterThanOrEqual(40);
    expect(button.width, "the button's width").toBeGreaterThan(300);
    await toggle.click();
    await expect(row.getByRole("button", { name: /^Hide details of / })).toHaveText("Hide details");
    await expect(page.getByTestId("audit-detail").first()).toBeVisible();

    // A desktop keeps the chevron in the first column.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(row.getByRole("button", { name: /^Hide details of / })).toHaveText("", { useInnerText: true });
    expect((await row.getByRole("button", { name: /^Hide details of / }).boundingBox())!.height).toBeLessThanOrEqual(24);
  });
});

// Parts of a page that answer after it, in requests of their own: held until their waiting lines
// are on screen, then answered with each state an answer can have but an alarm (a broken chain or
// a mismatch may take more room) or a list with rows, nothing on screen may move.
test.describe("what answers after the page moves nothing", () => {
  const CHECKPOINT_ANSWERS = {
    matches: {
      state: "checked",
      latest: { file: "checkpoint-000000122.txt", size: 1_234_567, signedAt: "2026-11-27T09:38:06.000Z" },
      ok: true,
      summary: "OK: 1234567 entries, chain intact, 1 checkpoint verified (checkpoint-000000122.txt, 2026-11-27T09:38:06.000Z)",
    },
    none: { state: "none" },
    "not configured": { state: "not_configured" },
  };
  // 360 px: the narrowest phone the sentences are written to fit in two lines.
  for (const width of [360, 1440]) {
    for (const [name, checkpoint] of Object.entries(CHECKPOINT_ANSWERS)) {
      test(`/audit at ${width} px: the chain's and the checkpoint's verdicts (checkpoint: ${name})`, async ({ page }) => {
        await signInAs(page, "compliance");
        await page.setViewportSize({ width, height: 900 });
        await recordLayoutShifts(page);
        const release = await holdAnswers(page, [
          [/\/api\/audit\/chain$/, { ok: true, checked: 1_234_567 }],
          [/\/api\/audit\/checkpoint$/, checkpoint],
        ]);
        await page.goto("/audit");
        await expect(page.getByText("the hash chain…")).toBeVisible();
        await expect(page.getByText("Reading the latest signed checkpoint…")).toBeVisible();
        const filters = page.getByRole("search", { name: "Filter the audit trail" });
        const before = await filters.boundingBox();
        const shot = `test-results/answers-after/audit-${name.replace(" ", "-")}-${width}`;
        await keepScreenshot(page, `${shot}-waiting.png`, { fullPage: false });
        release();
        await expect(page.getByTestId("chain-status")).toHaveText(/Chain verified\s*all 1,234,567 entries/);
        await expect(page.getByTestId("checkpoint-status")).toBeVisible();
        const shifts = await layoutShifts(page);
        expect(await filters.boundingBox(), "the filters' place once both verdicts are shown").toEqual(before);
        await keepScreenshot(page, `${shot}-shown.png`, { fullPage: false });
        expect(shifts, "layout shifts").toEqual([]);
      });
    }
  }

  // The administrator's home asks for these after the page, in requests of their own.
  const NO_ALERTS_NOR_APPROVALS: [RegExp, unknown][] = [
    [/\/api\/security-alerts\?status=open$/, { alerts: [] }],
    [/\/api\/approvals$/, { approvals: [] }],
  ];

  // Relative times ("3 minutes ago") are counted from the server's render time until hydration is
  // over, so the page is drawn with them and nothing changes width when the browser takes over.
  const RELATIVE = /^(just now|\d+ \w+ ago|in \d+ \w+|yesterday|tomorrow|last \w+|next \w+)$/;
  for (const width of [390, 1440]) {
    for (const path of ["/", "/finance", "/customers"]) {
      test(`${path} at ${width} px: relative times are in the server's page and hydration moves nothing`, async ({ page }) => {
        await signInAs(page, "admin");
        // Opened, so the directory, the finance page's and the home's recent lists have a time each.
        await page.goto("/customers/cus_approved");
        await settled(page, { heading: /cus_approved/ });
        await page.goto("/transactions/txn_usd_0001");
        await settled(page);
        await page.setViewportSize({ width, height: 2400 });
        const html = await (await page.request.get(path)).text();
        const drawn = [...html.matchAll(/<time[^>]*>([^<]*)<\/time>/g)].map((m) => m[1]!);
        expect(
          drawn.filter((text) => RELATIVE.test(text)),
          `relative times in the server's HTML of ${path}`,
        ).not.toEqual([]);
        await recordLayoutShifts(page);
        // The home's alerts and approvals, fetched after the page, answer with none at once: what an
        // answer with rows does is not hydration's (other tests here may have raised alerts).
        (await holdAnswers(page, NO_ALERTS_NOR_APPROVALS))();
        await page.goto(path);
        // Hydrated, with the browser's zone known and every date redrawn in it.
        await expect(page.getByTestId("header-time-zone")).toHaveAttribute("title", /^Dates are shown in /);
        await settled(page);
        const shifts = await layoutShifts(page);
        expect(shiftTotal(shifts), `layout shifts:\n${shifts.join("\n")}`).toBeLessThan(UNSEEN_SHIFT);
      });
    }
  }

  // A tall window, so the panels are on screen at both widths (a shift off screen is not counted).
  for (const width of [390, 1440]) {
    test(`/ at ${width} px: the administrator's security alerts and approvals, none of either`, async ({ page }) => {
      await signInAs(page, "admin");
      await page.setViewportSize({ width, height: 2400 });
      await recordLayoutShifts(page);
      const release = await holdAnswers(page, NO_ALERTS_NOR_APPROVALS);
      await page.goto("/");
      await expect(page.getByText("Loading security alerts…")).toBeVisible();
      await expect(page.getByText("Loading approvals…")).toBeVisible();
      await expect(page.getByTestId("header-time-zone")).toHaveAttribute("title", /^Dates are shown in /);
      await keepScreenshot(page, `test-results/answers-after/home-${width}-waiting.png`);
      release();
      await expect(page.getByText("No open security alerts.")).toBeVisible();
      await expect(page.getByText("No approval requests.")).toBeVisible();
      const shifts = await layoutShifts(page);
      await keepScreenshot(page, `test-results/answers-after/home-${width}-shown.png`);
      expect(shiftTotal(shifts), `layout shifts, from the first paint to the answers:\n${shifts.join("\n")}`).toBeLessThan(UNSEEN_SHIFT);
    });
  }
});

/** Requests matching each pattern wait, then get its JSON answer, once the returned function is called. */
async function holdAnswers(page: Page, answers: [RegExp, unknown][]): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  for (const [pattern, json] of answers) {
    await page.route(pattern, async (route) => {
      await held;
      await route.fulfill({ json });
    });
  }
  return release;
}

/** Relative luminance (WCAG) of the body's background, read back through a canvas whatever the colour syntax. */
async function bodyLuminance(page: Page): Promise<number> {
  const [r = 255, g = 255, b = 255] = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d")!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    return Array.from(context.getImageData(0, 0, 1, 1).data);
  });
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}
