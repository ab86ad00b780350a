/**
 * Lighthouse (its desktop preset, or its default mobile one: a phone's screen, a slow 4G network and
 * a 4× slower CPU, all simulated) on pages of the production build, signed in: the performance,
 * accessibility and best-practices scores of each page, and the audits that kept a score below
 * 100. Chromium is started by Playwright with a debugging port on loopback, and Lighthouse drives
 * it through that port; the session cookie goes with every request as an extra header.
 *
 * A page's figures are those of its median run out of `runs` (the bench's BENCH_LIGHTHOUSE_RUNS),
 * chosen as Lighthouse itself does (`computeMedianRun`: the run nearest the median first paint and
 * time to interactive), because one run's performance score moves by several points on the same
 * machine within minutes; every run's performance score is kept beside it.
 */
import { chromium } from "@playwright/test";
import lighthouse, { desktopConfig } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { freePort } from "@/e2e/support/free-port";
import { CHROMIUM_ARGS, chromiumPath } from "@/e2e/support/chromium";

export const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

export type LighthousePage = {
  /** Scores from 0 to 100. */
  scores: Record<LighthouseCategory, number>;
  /** Audits of those categories that counted and did not pass, with their score from 0 to 1. */
  failing: { category: LighthouseCategory; id: string; title: string; score: number | null; value?: string }[];
  /** Total Blocking Time and Largest Contentful Paint as Lighthouse computed them, ms. */
  tbtMs: number;
  lcpMs: number;
  /** The performance score of every run, in the order they ran; the figures above are the median run's. */
  performanceRuns: number[];
  /**
   * Lighthouse's own measure of the machine's CPU at every run (`environment.benchmarkIndex`, a
   * fixed loop of JavaScript): the mobile preset's 4× slowdown is set for a host of about 1,530, so a
   * score reads beside the machine it was taken on.
   */
  benchmarkIndexes: number[];
};

export type LighthousePreset = "desktop" | "mobile";

export async function lighthouseScores(
  appUrl: string,
  cookie: string | null,
  paths: string[],
  preset: LighthousePreset = "desktop",
  runs = 1,
): Promise<Record<string, LighthousePage>> {
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`Lighthouse runs per page must be a whole number from 1, not ${runs}`);
  const port = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? (await freePort()));
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [`--remote-debugging-port=${port}`, "--remote-debugging-address=127.0.0.1", ...CHROMIUM_ARGS],
  });
  try {
    const pages: Record<string, LighthousePage> = {};
    for (const path of paths) {
      const results = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(
          `${appUrl}${path}`,
          {
            port,
            output: "json",
            logLevel: "error",
            onlyCategories: [...LIGHTHOUSE_CATEGORIES],
            extraHeaders: cookie ? { Cookie: cookie } : {},
          },
          // No config is Lighthouse's default: the mobile preset.
          preset === "desktop" ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        // A sign-in redirect would score the sign-in page instead: the cookie must have worked.
        if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(`${appUrl}${path}`).pathname)
          throw new Error(`Lighthouse on ${path} ended on ${lhr.finalDisplayedUrl}`);
        results.push(lhr);
      }
      const lhr = computeMedianRun(results);
      const scores = {} as Record<LighthouseCategory, number>;
      const failing: LighthousePage["failing"] = [];
      for (const category of LIGHTHOUSE_CATEGORIES) {
        const c = lhr.categories[category]!;
        scores[category] = Math.round((c.score ?? 0) * 100);
        for (const ref of c.auditRefs) {
          const audit = lhr.audits[ref.id]!;
          if (ref.weight > 0 && audit.score !== null && audit.score < 1)
            failing.push({ category, id: ref.id, title: audit.title, score: audit.score, value: audit.displayValue });
        }
      }
      const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
      const performanceRuns = results.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100));
      const benchmarkIndexes = results.map((run) => Math.round(run.environment.benchmarkIndex));
      pages[path] = {
        scores,
        failing,
        tbtMs: metric("total-blocking-time"),
        lcpMs: metric("largest-contentful-paint"),
        performanceRuns,
        benchmarkIndexes,
      };
    }
    return pages;
  } finally {
    await browser.close();
  }
}
