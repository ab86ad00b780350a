/**
 * First-load JavaScript per page from the production build, as the browser receives it
 * (compressed), next to a bare page of the same app (its 404 page: the root layout and the
 * framework, nothing else).
 */
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

export const BARE_PAGE = "/bench-bare-page-404";

export async function firstLoadJs(appUrl: string, cookie: string, paths: string[]): Promise<Record<string, number>> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined),
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const context = await browser.newContext();
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const i = pair.indexOf("=");
        return { name: pair.slice(0, i), value: pair.slice(i + 1), url: appUrl };
      }),
    );
    const sizes: Record<string, number> = {};
    for (const path of [BARE_PAGE, ...paths]) {
      const page = await context.newPage();
      const scripts: Promise<number>[] = [];
      page.on("requestfinished", (request) => {
        if (request.resourceType() === "script") scripts.push(request.sizes().then((s) => s.responseBodySize));
      });
      // A fresh page per route and no cache between them: each figure is that route's first load.
      await page.route("**/*", (route) => route.continue());
      await page.goto(`${appUrl}${path}`, { waitUntil: "networkidle" });
      sizes[path] = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
      await page.close();
    }
    return sizes;
  } finally {
    await browser.close();
  }
}
