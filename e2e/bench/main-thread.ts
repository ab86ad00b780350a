/**
 * The main thread's script time of a page's first load, with and without the head's Intl warm-up
 * (components/shell/warm-intl.ts), alternating in one browser, over the network of Lighthouse's
 * mobile preset (PHONE_NETWORK): on loopback the page's scripts arrive within a few milliseconds of
 * its head, which no phone sees. V8's sampling profiler runs over the load until the network is
 * idle, summing every sample that ran script or collected garbage (not idle time, not the browser's
 * own layout and paint, which the profiler names "(program)"). "Without" is the same page with
 * `Worker` taken away before any of its scripts runs, so the inline script's warm-up fails as it
 * would in a browser without workers. The framework's floor app (floor.ts), loaded in turn with
 * them, is the reference: what a hello-world page of the same Next.js and React runs on first load.
 */
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "@/e2e/support/chromium";
import { median } from "./load";
import { browserCookies } from "./servers";

export type MainThreadScript = { withWarmUpMs: number; withoutMs: number; floorMs: number; loads: number };

const NOT_SCRIPT = new Set(["(idle)", "(program)", "(root)"]);

/** Lighthouse's mobile network (its "slow 4G"): 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

const ORDERS = [
  ["with", "without", "floor"],
  ["without", "floor", "with"],
  ["floor", "with", "without"],
] as const;

export async function mainThreadScriptMs(
  appUrl: string,
  cookie: string,
  path: string,
  floorUrl: string,
  loads = 5,
): Promise<MainThreadScript> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const times: Record<"with" | "without" | "floor", number[]> = { with: [], without: [], floor: [] };
  try {
    // One load of each first, not counted: the server's own first render of the page. The order
    // turns each round, so none of the three always follows the same one.
    for (let i = 0; i <= loads; i++) {
      for (const variant of ORDERS[i % ORDERS.length]!) {
        const context = await browser.newContext();
        if (variant !== "floor") await context.addCookies(browserCookies(cookie, appUrl));
        const page = await context.newPage();
        if (variant === "without") await page.addInitScript(() => Reflect.deleteProperty(window, "Worker"));
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK);
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
        await cdp.send("Profiler.start");
        await page.goto(variant === "floor" ? `${floorUrl}/` : `${appUrl}${path}`, { waitUntil: "networkidle" });
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
  return { withWarmUpMs: median(times.with), withoutMs: median(times.without), floorMs: median(times.floor), loads };
}
