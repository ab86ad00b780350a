/**
 * First-load JavaScript of every page of the production build, as the browser receives it from
 * `next start` (compressed bytes on the wire), beside the framework's own floor measured the same way.
 * Each page's scripts are listed with their compressed size and, from Next.js's bundle analysis, the
 * packages and source folders its browser code holds, so a page over its budget says what to cut.
 */
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "@/e2e/support/chromium";
import { browserCookies } from "./servers";

export const BARE_PAGE = "/bench-bare-page-404";

/**
 * A sample id for every dynamic segment, by the page's route: all exist in the sandbox's seed.
 * A page added under app/ without one here makes the bench stop, so no page goes unmeasured.
 */
const SAMPLE_PATHS: Record<string, string> = {
  "/bills/[id]": "/bills/bill_elec_0001",
  "/bills/categories/[id]": "/bills/categories/cat_electricity",
  "/bills/categories/[id]/items/[itemId]": "/bills/categories/cat_electricity/items/biller_ikeja_electric",
  "/cards/[id]/transactions": "/cards/card_busy_0001/transactions",
  "/cards/[id]/transactions/[transactionId]": "/cards/card_busy_0001/transactions/ctx_busy_0001_000000",
  "/collections/[id]": "/collections/col_usd_0001",
  "/customers/[id]": "/customers/cus_approved",
  "/transactions/[id]": "/transactions/txn_usd_0003",
  // Any address no other route matches: the 404, measured first as BARE_PAGE (named here for the analysis).
  "/[...missing]": BARE_PAGE,
};

/** Pages served to a visitor who is not signed in (measured without the session cookie). */
export const SIGNED_OUT_PAGES = new Set(["/sign-in"]);

/** Every page.tsx under app/, as the path the bench opens (route groups dropped, dynamic segments filled in). */
export function pagesOfApp(appDir = "app"): string[] {
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name === "page.tsx")
        routes.push(
          `/${relative(appDir, dir)
            .split(sep)
            .filter((s) => s && !/^\(.*\)$/.test(s))
            .join("/")}`,
        );
    }
  };
  walk(appDir);
  return routes.sort().flatMap((route) => {
    if (!route.includes("[")) return [route];
    // The 404 is measured on its own, first (BARE_PAGE).
    if (route === "/[...missing]") return [];
    const sample = SAMPLE_PATHS[route];
    if (!sample) throw new Error(`bench bundles: no sample path for ${route}; add one to SAMPLE_PATHS in e2e/bench/bundles.ts`);
    return [sample];
  });
}

export type PageScripts = {
  /** Where the visit ended (a page may redirect: the second-factor step once the factor is done). */
  landed: string;
  /** Compressed bytes of every script the first visit downloaded. */
  bytes: number;
  scripts: { file: string; bytes: number }[];
};

export async function firstLoadJs(appUrl: string, cookie: string | null, paths: string[]): Promise<Record<string, PageScripts>> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
  try {
    const signedIn = await browser.newContext();
    if (cookie) {
      await signedIn.addCookies(browserCookies(cookie, appUrl));
    }
    const signedOut = await browser.newContext();
    const pages: Record<string, PageScripts> = {};
    for (const path of paths) {
      const page = await (SIGNED_OUT_PAGES.has(path) ? signedOut : signedIn).newPage();
      const scripts: Promise<{ file: string; bytes: number }>[] = [];
      page.on("requestfinished", (request) => {
        if (request.resourceType() === "script")
          scripts.push(request.sizes().then((s) => ({ file: new URL(request.url()).pathname, bytes: s.responseBodySize })));
      });
      // A fresh page per route and no cache between them (routing every request skips the cache): each figure is that route's first load.
      await page.route("**/*", (route) => route.continue());
      await page.goto(`${appUrl}${path}`, { waitUntil: "networkidle" });
      const list = (await Promise.all(scripts)).sort((a, b) => b.bytes - a.bytes);
      pages[path] = { landed: new URL(page.url()).pathname, bytes: list.reduce((a, s) => a + s.bytes, 0), scripts: list };
      await page.close();
    }
    return pages;
  } finally {
    await browser.close();
  }
}

/**
 * The other side of merging chunks for first loads: the compressed JavaScript a signed-in tab downloads
 * as it moves through `paths` by client-side navigation, after a first load of `paths[0]`. A page's
 * chunk may hold code the tab already has; this sums what each navigation fetched anew.
 */
export async function navigationJs(appUrl: string, cookie: string, paths: string[]): Promise<{ bytes: number; requests: number }> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    await context.addCookies(browserCookies(cookie, appUrl));
    const page = await context.newPage();
    let counting = false;
    const sizes: Promise<number>[] = [];
    page.on("requestfinished", (request) => {
      if (counting && request.resourceType() === "script") sizes.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(`${appUrl}${paths[0]}`, { waitUntil: "networkidle" });
    counting = true;
    for (const path of paths.slice(1)) {
      await page.evaluate((to) => (window as unknown as { next: { router: { push(href: string): void } } }).next.router.push(to), path);
      await page.waitForURL((url) => url.pathname === path);
      await page.waitForLoadState("networkidle");
    }
    const all = await Promise.all(sizes);
    return { bytes: all.reduce((a, b) => a + b, 0), requests: all.length };
  } finally {
    await browser.close();
  }
}

/** Per route (as the analysis names it, `/bills/[id]`), the client source files it holds and their compressed size. */
export type ChunkAnalysis = Map<string, { source: string; bytes: number }[]>;

/**
 * Next.js's own bundle analysis (`next analyze --output`, a production compile of its own, written
 * under .next/diagnostics/analyze, then `next analyze export` as JSON lines): the client source files
 * of each route and their compressed size. Its compile names chunks apart from the build's, so it is
 * read per route, not per chunk: everything the route's browser code holds, what loads on use
 * included. BENCH_ANALYZE=saved reads the last saved analysis without compiling again.
 */
export async function analyseChunks(): Promise<ChunkAnalysis> {
  const next = (args: string[]) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", ...args], {
        stdio: ["ignore", "pipe", "inherit"],
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
      });
      const out: Buffer[] = [];
      child.stdout.on("data", (d: Buffer) => out.push(d));
      child.once("exit", (code) =>
        code === 0 ? resolve(Buffer.concat(out).toString("utf8")) : reject(new Error(`next ${args.join(" ")} exited ${code}`)),
      );
    });
  if (process.env.BENCH_ANALYZE !== "saved") await next(["analyze", "--output"]);
  const routes: ChunkAnalysis = new Map();
  for (const line of (await next(["analyze", "export"])).split("\n")) {
    if (!line.startsWith('{"type":"part"')) continue;
    const part = JSON.parse(line) as { route: string; filename: string; source_path: string; compressed_size: number };
    // Browser chunks only; the server's are listed too.
    if (!part.filename.includes("/static/chunks/")) continue;
    const list = routes.get(part.route) ?? [];
    list.push({ source: part.source_path, bytes: part.compressed_size });
    routes.set(part.route, list);
  }
  return routes;
}

/** The route pattern the analysis uses for a path the bench opened. */
function routeOf(path: string): string {
  return Object.entries(SAMPLE_PATHS).find(([, sample]) => sample === path)?.[0] ?? path;
}

/** What a page's browser code holds, by package (or the project's folder), largest first. */
export function chunkContents(analysis: ChunkAnalysis, path: string): { name: string; bytes: number }[] | null {
  const parts = analysis.get(routeOf(path));
  if (!parts) return null;
  const byName = new Map<string, number>();
  for (const { source, bytes } of parts) byName.set(moduleGroup(source), (byName.get(moduleGroup(source)) ?? 0) + bytes);
  return [...byName].map(([name, bytes]) => ({ name, bytes })).sort((x, y) => y.bytes - x.bytes);
}

/** A source's package (node_modules/<pkg> or <@scope/pkg>) or, for the project's own code, its top two folders. */
function moduleGroup(source: string): string {
  const path = source.replace(/^\[project\]\//, "");
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (inModules) {
    const pkg = inModules[1]!;
    // Next.js's own client is one package but several parts worth telling apart.
    if (pkg === "next") return `next/${/next\/dist\/(?:esm\/)?(?:compiled\/)?([^/]+)/.exec(path)?.[1] ?? "?"}`;
    return pkg;
  }
  return path.split("/").slice(0, 2).join("/") || path;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Each page's first load against the floor, with its largest scripts and what they carry. */
export function printBundleReport(floor: PageScripts, pages: Record<string, PageScripts>, analysis: ChunkAnalysis): void {
  console.log(`\nFirst-load JavaScript (gzip, as sent): framework floor ${kib(floor.bytes)} in ${floor.scripts.length} scripts`);
  for (const [path, page] of Object.entries(pages)) {
    console.log(
      `\n${path}${page.landed === path ? "" : ` (→ ${page.landed})`}: ${kib(page.bytes)}, ${(page.bytes / floor.bytes).toFixed(2)} × floor, ${page.scripts.length} scripts`,
    );
    console.log(
      `  largest scripts: ${page.scripts
        .slice(0, 6)
        .map((s) => `${s.file.split("/").pop()} ${kib(s.bytes)}`)
        .join(", ")}`,
    );
    const contents = chunkContents(analysis, path);
    console.log(
      `  largest parts of its browser code (loaded on use included): ${
        contents
          ? contents
              .slice(0, 8)
              .map((c) => `${c.name} ${kib(c.bytes)}`)
              .join(", ")
          : "(not in the analysis)"
      }`,
    );
  }
}
