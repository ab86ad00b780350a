/**
 * `npm run bench:cards`: the card-transactions table in a real browser (Chromium) against the
 * production build. For each card: navigation → first rows painted, the worst keystroke-to-paint
 * (Event Timing `duration`) while typing a 10-character filter, and the rows in the DOM.
 */
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { BENCH_PASSWORD, signIn, startBenchStack } from "./servers";

const SIM_PORT = 4620;
const APP_PORT = 3620;
const CARDS = ["card_busy_0001", "card_synth_10000", "card_synth_100000"];
const FILTER = "whole food"; // 10 characters, typed one key at a time

async function main() {
  const { sim, app } = await startBenchStack(SIM_PORT, APP_PORT, { BUSINESS_API_TIMEOUT_MS: "60000" });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const cookie = await signIn(app.url, "finance@example.com", BENCH_PASSWORD);
    const context = await browser.newContext();
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const i = pair.indexOf("=");
        return { name: pair.slice(0, i), value: pair.slice(i + 1), url: app.url };
      }),
    );
    const rows: Record<string, Record<string, number>> = {};
    for (const card of CARDS) {
      // Warm the simulator's generated list and the server, so the figure is the app's, not the generator's.
      await fetch(`${app.url}/api/v1/cards/${card}/transactions`, { headers: { Cookie: cookie } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { __worst: number };
        w.__worst = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (e.name === "keydown" || e.name === "keyup" || e.name === "keypress") w.__worst = Math.max(w.__worst, e.duration);
        }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
      });
      const started = Date.now();
      await page.goto(`${app.url}/cards/${card}/transactions`);
      await page.getByTestId("card-row").first().waitFor({ timeout: 120_000 });
      const firstRowsMs = Date.now() - started;
      const input = page.getByLabel("Search description, merchant or reference");
      await input.click();
      await input.pressSequentially(FILTER, { delay: 120 });
      await page.waitForTimeout(500);
      const worst = await page.evaluate(() => (window as unknown as { __worst: number }).__worst);
      const inDom = await page.getByTestId("card-row").count();
      rows[card] = { "first rows ms": firstRowsMs, "worst keystroke ms": Math.round(worst), "rows in DOM": inDom };
      await page.close();
    }
    console.log(`\nCard transactions (filter typed: "${FILTER}"; keystrokes under 16 ms report as 0)`);
    console.table(rows);
  } finally {
    await browser.close();
    await app.stop();
    await sim.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
