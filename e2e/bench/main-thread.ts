/**
 * The main thread's script time of a page's first load, with and without the head's Intl warm-up
 * (components/shell/warm-intl.ts), alternating in one browser: V8's sampling profiler over the load
 * until the network is idle, summing every sample that ran script or collected garbage (not idle
 * time, not the browser's own layout and paint, which the profiler names "(program)"). "Without" is
 * the same page with `Worker` taken away before any of its scripts runs, so the inline script's
 * warm-up fails as it would in a browser without workers.
 */
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "@/e2e/support/chromium";
import { median } from "./load";
import { browserCookies } from "./servers";

export type MainThreadScript = { withWarmUpMs: number; withoutMs: number; loads: number };

const NOT_SCRIPT = new Set(["(idle)", "(program)", "(root)"]);

export async function mainThreadScriptMs(appUrl: string, cookie: string, path: string, loads = 5): Promise<MainThreadScript> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const times: Record<"with" | "without", number[]> = { with: [], without: [] };
  try {
    // One load of each first, not counted: the server's own first render of the page.
    for (let i = 0; i <= loads; i++) {
      for (const variant of i % 2 ? (["without", "with"] as const) : (["with", "without"] as const)) {
        const context = await browser.newContext();
        await context.addCookies(browserCookies(cookie, appUrl));
        const page = await context.newPage();
        if (variant === "without") await page.addInitScript(() => Reflect.deleteProperty(window, "Worker"));
        const cdp = await context.newCDPSession(page);
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
        await cdp.send("Profiler.start");
        await page.goto(`${appUrl}${path}`, { waitUntil: "networkidle" });
        const { profile } = await cdp.send("Profiler.stop");
        await context.close();
        if (i === 0) continue;
        const self = new Map<number, number>();
        profile.samples?.forEach((node, k) => self.set(node, (self.get(node) ?? 0) + (profile.timeDeltas?.[k] ?? 0)));
        let micros = 0;
        for (const node of profile.nodes) if (!NOT_SCRIPT.has(node.callFrame.functionName)) micros += self.get(node.id) ?? 0;
        times[variant].push(micros / 1000);
      }
    }
  } finally {
    await browser.close();
  }
  return { withWarmUpMs: median(times.with), withoutMs: median(times.without), loads };
}
