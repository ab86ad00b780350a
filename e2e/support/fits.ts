import { expect, type Page } from "./fixtures";

/**
 * Nothing is wider than the screen, the back-office's name in the header is whole, and every
 * select shows its chosen option whole.
 */
export async function expectFits(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what}: page width`).toBeLessThanOrEqual(innerWidth);
  // The back-office's name in the header is read whole, not cut to "Payments back-…".
  const name = page.getByRole("banner").getByRole("link", { name: "Payments back-office" });
  expect(await name.evaluate((el) => el.scrollWidth - el.clientWidth), `${what}: the name in the header is cut`).toBeLessThanOrEqual(0);
  // Every select shows its chosen option whole ("All currencies", not "All currencie"): a select
  // clips its text without overflowing, so the page width above cannot tell. The width it needs is
  // that of a copy holding only the chosen option, at its natural width.
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll("select")]
      .filter((select) => select.getClientRects().length > 0)
      .flatMap((select) => {
        const text = select.selectedOptions[0]?.text ?? "";
        const probe = select.cloneNode(false) as HTMLSelectElement;
        probe.removeAttribute("id");
        probe.append(new Option(text));
        Object.assign(probe.style, { width: "max-content", position: "absolute", visibility: "hidden" });
        select.parentElement!.append(probe);
        const needed = probe.offsetWidth;
        probe.remove();
        return needed > select.offsetWidth ? [`#${select.id || select.name}: "${text}" needs ${needed} px, has ${select.offsetWidth}`] : [];
      }),
  );
  expect(clipped, `${what}: a select cuts its chosen option short`).toEqual([]);
}
