import { expect, test } from "@/e2e/support/fixtures";
import { signInAs } from "@/e2e/support/auth";

// On a slow phone the page is drawn well before its script runs. A filter chosen in that time must
// not snap back when the script takes the page over: it is applied, as if chosen a moment later.
test("a filter chosen and a search typed before the page's script runs are applied once it does", async ({ page }) => {
  await signInAs(page, "finance");
  // The page's scripts are held back until the choices are made; its markup and styles are not.
  let release: () => void = () => {};
  const scripts = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/**", async (route) => {
    if (route.request().resourceType() === "script") await scripts;
    await route.continue();
  });
  await page.goto("/cards/card_busy_0001/transactions", { waitUntil: "commit" });
  const status = page.getByLabel("Status");
  await expect(status).toBeVisible();
  await status.selectOption("FAILED");
  await page.getByLabel("Search description, merchant or reference").fill("whole food");
  release();
  await expect(page).toHaveURL(/status=FAILED/);
  await expect(page).toHaveURL(/q=whole\+food/);
  await expect(status).toHaveValue("FAILED");
  await expect(page.getByLabel("Search description, merchant or reference")).toHaveValue("whole food");
  await expect(page.getByTestId("card-row-count")).not.toHaveText("5,200");
  await expect(page.getByTestId("card-row").first()).toContainText(/whole food/i);
  await expect(page.getByTestId("card-row").getByText("Success", { exact: true })).toHaveCount(0);
});

// A select's 'input' and 'change' events come back to back. When the page is busy (just after
// hydration, on a slow phone) the router has not re-read the URL between them, and a select still
// showing the old value then reported it on 'change', undoing the choice.
test("a status chosen the moment the page is hydrated, with the CPU 6× slower, stays chosen", async ({ page }) => {
  await signInAs(page, "finance");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await page.goto("/cards/card_busy_0001/transactions", { waitUntil: "commit" });
  // React has taken the select over when it has attached its own key to the element.
  await page.waitForFunction(
    () => {
      const select = document.querySelector("#card-filter-status");
      return select !== null && Object.keys(select).some((key) => key.startsWith("__reactFiber"));
    },
    null,
    { polling: 1, timeout: 30_000 },
  );
  await page.getByLabel("Status").selectOption("FAILED");
  await expect(page).toHaveURL(/status=FAILED/);
  await expect(page.getByLabel("Status")).toHaveValue("FAILED");
  // The filtered answer is drawn by a CPU six times slower: 20 s here is about 3 s on the machine.
  await expect(page.getByTestId("card-row-count")).not.toHaveText("5,200", { timeout: 20_000 });
});

// Next.js's router learns of history writes by patching pushState and replaceState in an effect
// after hydration. Here that patch is held back, as on a busy phone where the reader is quicker
// than the effect: a status chosen in that moment must still filter the list, not only the address.
test("a status chosen before the router listens to the address still filters the list", async ({ page }) => {
  await signInAs(page, "finance");
  await page.addInitScript(() => {
    const history = window.history;
    const held: Partial<Record<"pushState" | "replaceState", unknown>> = {};
    for (const name of ["pushState", "replaceState"] as const) {
      Object.defineProperty(history, name, {
        configurable: true,
        get: () => History.prototype[name],
        set: (patch: unknown) => void (held[name] = patch),
      });
    }
    Object.assign(window, {
      routerPatchHeld: () => held.pushState !== undefined,
      releaseRouterPatch: () => {
        for (const name of ["pushState", "replaceState"] as const)
          Object.defineProperty(history, name, { configurable: true, writable: true, value: held[name] });
      },
    });
  });
  await page.goto("/cards/card_busy_0001/transactions");
  await page.waitForFunction(() => (window as unknown as { routerPatchHeld: () => boolean }).routerPatchHeld());
  await page.getByLabel("Status").selectOption("FAILED");
  await expect(page.getByLabel("Status")).toHaveValue("FAILED");
  await page.evaluate(() => (window as unknown as { releaseRouterPatch: () => void }).releaseRouterPatch());
  await expect(page).toHaveURL(/status=FAILED/);
  await expect(page.getByTestId("card-row-count")).not.toHaveText("5,200");
  await expect(page.getByTestId("card-row").getByText("Success", { exact: true })).toHaveCount(0);
  // The choice went through the router: Back takes the list back to every status.
  await page.goBack();
  await expect(page.getByLabel("Status")).toHaveValue("");
  await expect(page.getByTestId("card-row-count")).toHaveText("5,200");
});
