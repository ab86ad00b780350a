/**
 * `npm run bench`: every speed and memory figure of the app, each as a ratio beside its target,
 * in one table, also written to e2e/bench/results.json. Runs the standalone simulator and the
 * production build on loopback only, with bounded load. Figures are ratios within one run, so
 * they compare like with like; on a busy machine they are still noise. Environment:
 * BENCH_SECONDS (per measurement, default 10), BENCH_SOAK_SECONDS (60), BENCH_SOAK_IDLE_SECONDS (30),
 * BENCH_MEMORY_CARDS (8 lists of ~200,000 rows), BENCH_STEPS (routes,cards,memory,soak,bundles,lighthouse),
 * BENCH_PROFILE=1 (a CPU profile of each app route under load), and the ports (see benchPorts).
 */
import { writeFileSync } from "node:fs";
import { Agent, request } from "undici";
import { CONNECTIONS_PATH } from "@/server/simulator/http-server";
import { UPSTREAM_POOL_CONNECTIONS } from "@/server/upstream/pool";
import {
  BARE_PAGE,
  SIGNED_OUT_PAGES,
  analyseChunks,
  chunkContents,
  firstLoadJs,
  navigationJs,
  pagesOfApp,
  printBundleReport,
} from "./bundles";
import { cardFigures, memoryFigures, type CardContext } from "./cards";
import { startFloorApp } from "./floor";
import { connectInspector, gcPauseMs, settledRss, type Inspector } from "./inspector";
import { LIGHTHOUSE_CATEGORIES, lighthouseScores } from "./lighthouse";
import { mainThreadScriptMs } from "./main-thread";
import { median, percentile, sequentialLatency, throughput, type Target } from "./load";
import { groupCpuMs } from "./process-cpu";
import { atLeast, atMost, info, report, type Figure } from "./report";
import { BENCH_PASSWORD, benchPorts, signIn, simulatorToken, startBenchStack, startPlainHop, type Started } from "./servers";
import { transportCpuMsPerCall } from "./transport-cost";

const PORTS = benchPorts({ app: 3610, sim: 4610 });
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SECONDS = num("BENCH_SECONDS", 10);
const SOAK_SECONDS = num("BENCH_SOAK_SECONDS", 60);
const SOAK_IDLE_SECONDS = num("BENCH_SOAK_IDLE_SECONDS", 30);
const MEMORY_CARDS = num("BENCH_MEMORY_CARDS", 8);
// One Lighthouse run's performance score moves by several points within minutes: each page's median of these.
const LIGHTHOUSE_RUNS = num("BENCH_LIGHTHOUSE_RUNS", 3);
const MEMORY_ROWS = 200_000;
const STEPS = new Set((process.env.BENCH_STEPS ?? "routes,cards,memory,soak,bundles,lighthouse").split(","));
const PAGES = ["/", "/finance", "/business", "/customers", "/cards/card_busy_0001/transactions", "/bills/categories"];
// First-load JavaScript against the framework's own floor (a hello-world App Router page with one client component).
const BUNDLE_FLOOR_RATIO = 1.25;
const SIGN_IN_FLOOR_RATIO = 1.1;
const PROFILE = process.env.BENCH_PROFILE === "1";
const ROUTE_ROUNDS = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Connections the simulator has accepted since it started, less those of this function's own
 * asking: each call asks on a new connection (closed after), so the difference between two calls
 * is exactly what others opened, whether or not a kept-alive connection timed out meanwhile.
 */
async function connectionsOpened(upstreamUrl: string): Promise<number> {
  ownConnectionsOpened++;
  const { body } = await request(`${upstreamUrl}${CONNECTIONS_PATH}`, { dispatcher: ownConnection });
  return ((await body.json()) as { opened: number }).opened - ownConnectionsOpened;
}
const ownConnection = new Agent({ pipelining: 0 });
let ownConnectionsOpened = 0;

/** CPU time of the app and of the simulator while `load` runs (NaN without /proc). */
/** CPU of the app and of the simulator during `load`, and the app's main-thread GC pauses. */
async function withCpu<T>(
  servers: { app: Started; sim: Started },
  inspector: Inspector,
  load: () => Promise<T>,
): Promise<{ result: T; appMs: number; simMs: number; gcMs: number }> {
  const gc0 = await gcPauseMs(inspector);
  const [app0, sim0] = [groupCpuMs(servers.app.group), groupCpuMs(servers.sim.group)];
  const result = await load();
  const [appMs, simMs] = [groupCpuMs(servers.app.group) - app0, groupCpuMs(servers.sim.group) - sim0];
  return { result, appMs, simMs, gcMs: (await gcPauseMs(inspector)) - gc0 };
}

async function routeFigures(
  servers: { app: Started; sim: Started },
  cookie: string,
  token: string,
  inspector: Inspector,
  figures: Figure[],
  details: Record<string, unknown>,
) {
  const [app, upstream] = [servers.app.url, servers.sim.url];
  // Cold token cache: 200 concurrent BFF requests must cause exactly one POST /auth.
  await fetch(`${upstream}/__sim/stats`, { method: "DELETE" });
  const answers = await Promise.all(
    Array.from({ length: 200 }, () => fetch(`${app}/api/v1/business`, { headers: { Cookie: cookie } }).then((r) => r.status)),
  );
  const stats = (await (await fetch(`${upstream}/__sim/stats`)).json()) as Record<string, number>;
  const auths = stats["POST /auth"] ?? 0;
  figures.push(atMost("POST /auth calls for 200 concurrent cold BFF requests", auths, "calls", auths, 1));
  if (answers.some((s) => s !== 200)) throw new Error(`cold token cache: answers ${[...new Set(answers)].join(", ")}`);

  const targets: Target[] = [
    { name: "bare (GET /api/ping)", url: `${app}/api/ping`, headers: {} },
    { name: "session-checked (GET /api/me)", url: `${app}/api/me`, headers: { Cookie: cookie } },
    { name: "BFF (GET /api/v1/business)", url: `${app}/api/v1/business`, headers: { Cookie: cookie } },
    { name: "direct (simulator /business)", url: `${upstream}/api/v1/business`, headers: { Authorization: `Bearer ${token}` } },
  ];
  // The smallest program that makes the same hop, measured in the same rounds (latency only).
  const hop = await startPlainHop(Number(process.env.BENCH_HOP_PORT ?? PORTS.app + 3), upstream, token);
  const references: Target[] = [
    { name: "plain node:http, fixed JSON", url: hop.bareUrl, headers: {} },
    { name: "plain node:http hop (the app's pool transport → simulator /business)", url: hop.url, headers: {} },
  ];
  for (const t of targets) await throughput(t, 4, 2); // warm-up
  // Each measurement is taken in ROUTE_ROUNDS parts, the routes in a different order each round,
  // so a burst of load from elsewhere on the machine falls on all of them alike.
  const part = SECONDS / ROUTE_ROUNDS;
  const times = new Map<Target, number[]>([...targets, ...references].map((t) => [t, []]));
  const rps = new Map<Target, number[]>(targets.map((t) => [t, []]));
  const failed = new Map<Target, number>(targets.map((t) => [t, 0]));
  // CPU milliseconds of the app and of the simulator, and the requests they served, under load.
  const cpu = new Map<Target, { app: number; sim: number; gc: number; requests: number }>(
    targets.map((t) => [t, { app: 0, sim: 0, gc: 0, requests: 0 }]),
  );
  // Sockets per 10,000 BFF requests, the worst part: each part begins after the upstream closed
  // the sockets that sat idle while the other routes were measured, so parts are not added up.
  let bffSocketsPerTenThousand = 0;
  let bffRequests = 0;
  for (let round = 0; round < ROUTE_ROUNDS; round++) {
    const order = [...targets.slice(round % targets.length), ...targets.slice(0, round % targets.length)];
    for (const t of references) times.get(t)!.push(...(await sequentialLatency(t, part)).times);
    for (const t of order) {
      const unloaded = await sequentialLatency(t, part);
      const before = await connectionsOpened(upstream);
      // BENCH_PROFILE=1: a CPU profile of the app while it serves each of its routes under load (first round).
      const profiling = PROFILE && round === 0 && t !== targets[3];
      if (profiling) await inspector.command("Profiler.enable").then(() => inspector.command("Profiler.start"));
      const { result: loaded, appMs, simMs, gcMs } = await withCpu(servers, inspector, () => throughput(t, 50, part));
      const spent = cpu.get(t)!;
      spent.app += appMs;
      spent.sim += simMs;
      spent.gc += gcMs;
      spent.requests += loaded.requests;
      if (profiling) {
        const { profile } = await inspector.command<{ profile: unknown }>("Profiler.stop");
        const file = `e2e/bench/${t.name.split(" ")[0]}.cpuprofile`;
        writeFileSync(file, JSON.stringify(profile));
        console.log(`CPU profile of the ${t.name} route under load: ${file}`);
      }
      const after = await connectionsOpened(upstream);
      if (t === targets[2]) {
        // A shorter part is not scaled up: its sockets are counted as they are.
        bffSocketsPerTenThousand = Math.max(bffSocketsPerTenThousand, ((after - before) * 10_000) / Math.max(loaded.requests, 10_000));
        bffRequests += loaded.requests;
      }
      times.get(t)!.push(...unloaded.times);
      rps.get(t)!.push(loaded.rps);
      failed.set(t, failed.get(t)! + unloaded.errors + loaded.errors);
    }
  }
  type Row = {
    "p50 ms (1 conn)": number;
    "p99 ms (1 conn)": number;
    "req/s (50 conn)": number;
    "app CPU ms/req": number;
    "app GC pause ms/req": number;
    "simulator CPU ms/req": number;
    errors: number;
  };
  const rows: Record<string, Row> = {};
  for (const t of targets) {
    const sorted = times.get(t)!.sort((a, b) => a - b);
    rows[t.name] = {
      "p50 ms (1 conn)": +percentile(sorted, 50).toFixed(3),
      "p99 ms (1 conn)": +percentile(sorted, 99).toFixed(3),
      "req/s (50 conn)": Math.round(rps.get(t)!.reduce((a, b) => a + b, 0) / ROUTE_ROUNDS),
      "app CPU ms/req": +(cpu.get(t)!.app / cpu.get(t)!.requests).toFixed(3),
      "app GC pause ms/req": +(cpu.get(t)!.gc / cpu.get(t)!.requests).toFixed(3),
      "simulator CPU ms/req": +(cpu.get(t)!.sim / cpu.get(t)!.requests).toFixed(3),
      errors: failed.get(t)!,
    };
  }
  console.log(
    `\nRoutes, ${SECONDS}s per measurement in ${ROUTE_ROUNDS} interleaved parts (upstream sockets counted by the simulator itself; CPU per request under load, from /proc, all threads of each process)`,
  );
  console.table(rows);
  details.routes = rows;
  const [bare, session, bff, direct] = targets.map((t) => rows[t.name]!);
  // The req/s ratio of each round, whose parts run close together; the figure is their median, so
  // one round that outside load fell on unevenly does not move it.
  const [sessionRps, bffRps] = [rps.get(targets[1]!)!, rps.get(targets[2]!)!];
  const roundRatios = bffRps.map((r, i) => r / sessionRps[i]!);
  details.bffToSessionRpsByRound = roundRatios;
  figures.push(
    atLeast(
      `BFF / session-checked, req/s at 50 connections (median of the ${ROUTE_ROUNDS} rounds)`,
      bff!["req/s (50 conn)"],
      "req/s",
      median(roundRatios),
      0.9,
    ),
  );
  // Beside it, how far it can go on this machine: the app's thread pays at least what the
  // transport alone costs a plain Node process per call.
  const transportMs = await transportCpuMsPerCall(upstream, token);
  details.transportCpuMsPerCall = transportMs;
  figures.push(
    info("the app's upstream transport alone, CPU per call in a plain Node process (16 at a time, answer parsed)", transportMs, "ms"),
  );
  const sessionCpu = session!["app CPU ms/req"];
  figures.push(
    info(
      "best BFF / session-checked req/s that cost allows: session-checked CPU / (that + the transport's)",
      sessionCpu / (sessionCpu + transportMs),
      "ratio",
    ),
  );
  figures.push(info(`BFF / session-checked req/s, lowest of the ${ROUTE_ROUNDS} rounds`, Math.min(...roundRatios), "ratio"));
  figures.push(info(`BFF / session-checked req/s, highest of the ${ROUTE_ROUNDS} rounds`, Math.max(...roundRatios), "ratio"));
  figures.push(
    atMost(
      "BFF / session-checked, unloaded p50",
      bff!["p50 ms (1 conn)"],
      "ms",
      bff!["p50 ms (1 conn)"] / session!["p50 ms (1 conn)"],
      1.1,
    ),
  );
  figures.push(
    atLeast(
      "session-checked / bare, req/s at 50 connections",
      session!["req/s (50 conn)"],
      "req/s",
      session!["req/s (50 conn)"] / bare!["req/s (50 conn)"],
      0.75,
    ),
  );
  const sessionCostMs = session!["p50 ms (1 conn)"] - bare!["p50 ms (1 conn)"];
  figures.push(info("session check's own cost, unloaded p50 (session-checked − bare)", sessionCostMs, "ms"));
  // What one upstream call costs the app itself, apart from the machine's load: the BFF route is
  // the session-checked one plus that call, and the app's main thread is what limits req/s.
  figures.push(
    info(
      "app CPU per request, BFF − session-checked (the upstream call's cost to the app)",
      bff!["app CPU ms/req"] - session!["app CPU ms/req"],
      "ms",
    ),
  );
  // Part of that cost: a request waiting for the upstream keeps its state alive, so every young-
  // generation collection meanwhile copies it.
  figures.push(
    info(
      "of which the app's main thread paused for GC, BFF − session-checked",
      bff!["app GC pause ms/req"] - session!["app GC pause ms/req"],
      "ms",
    ),
  );
  // A route that waits for one upstream answer after the session check takes at least both: the
  // BFF's p50 against that floor is what its own work around the call adds.
  const floorP50 = session!["p50 ms (1 conn)"] + direct!["p50 ms (1 conn)"];
  figures.push(
    info(
      "least BFF / session-checked p50 with one round trip: (session-checked p50 + direct p50) / session-checked p50",
      floorP50 / session!["p50 ms (1 conn)"],
      "ratio",
    ),
  );
  figures.push(
    atMost("BFF p50 / (session-checked p50 + direct p50)", bff!["p50 ms (1 conn)"], "ms", bff!["p50 ms (1 conn)"] / floorP50, 1.1),
  );
  // The same ratio for the smallest program that makes the hop: how near that floor any server on
  // this machine can come, with no framework, session or checks at all.
  const [plainBare, plainHop] = references.map((t) =>
    percentile(
      times.get(t)!.sort((a, b) => a - b),
      50,
    ),
  );
  await hop.stop();
  details.plainHop = { bareP50: plainBare, hopP50: plainHop };
  figures.push(
    info(
      "plain node:http hop p50 / (plain node:http p50 + direct p50), the same floor's ratio with no framework",
      plainHop! / (plainBare! + direct!["p50 ms (1 conn)"]),
      "ratio",
    ),
  );
  figures.push(
    info(
      "what the hop itself adds over that floor: plain hop p50 − plain p50 − direct p50",
      plainHop! - plainBare! - direct!["p50 ms (1 conn)"],
      "ms",
    ),
  );
  figures.push(
    info("what the BFF adds over its floor: BFF p50 − session-checked p50 − direct p50", bff!["p50 ms (1 conn)"] - floorP50, "ms"),
  );
  figures.push(
    atMost(
      `upstream sockets opened per 10,000 BFF requests (worst of ${ROUTE_ROUNDS} parts, ${bffRequests} requests in all; pool of ${UPSTREAM_POOL_CONNECTIONS})`,
      bffSocketsPerTenThousand,
      "sockets",
      bffSocketsPerTenThousand,
      UPSTREAM_POOL_CONNECTIONS,
    ),
  );
  const errors = Object.values(rows).reduce((n, r) => n + r.errors, 0);
  figures.push(atMost("errors over the route measurements", errors, "errors", errors, 0));
}

async function main() {
  const { sim, app } = await startBenchStack(PORTS.sim, PORTS.app, { BUSINESS_API_TIMEOUT_MS: "120000" }, { inspectPort: PORTS.inspect });
  const upstreamUrl = sim.url;
  const inspector = await connectInspector(PORTS.inspect);
  const figures: Figure[] = [];
  const details: Record<string, unknown> = { seconds: SECONDS, steps: [...STEPS] };
  // The framework's floor app (floor.ts), built on first use and shared by the bundle and Lighthouse steps.
  let floorApp: Started | undefined;
  const floorUrl = async () => (floorApp ??= await startFloorApp(Number(process.env.BENCH_FLOOR_PORT ?? PORTS.app + 2))).url;
  try {
    const cookie = await signIn(app.url, "admin@example.com", BENCH_PASSWORD);
    const token = await simulatorToken(upstreamUrl);
    const ctx: CardContext = { appUrl: app.url, upstreamUrl, cookie, token };
    if (STEPS.has("routes")) await routeFigures({ app, sim }, cookie, token, inspector, figures, details);

    if (STEPS.has("cards")) {
      const c = await cardFigures(ctx, "card_synth_100000", "card_synth_10000", "card_synth_100001");
      details.cards = c;
      figures.push(
        atMost("cold first rows, card_synth_100000 / floor (fetch + JSON.parse of its list)", c.coldBig, "ms", c.coldBig / c.floor, 1.3),
      );
      figures.push(atMost("cold first rows, card_synth_10000", c.coldSmall, "ms", c.coldSmall, 300));
      figures.push(atMost("warm first rows, card_synth_100000", c.warmBig, "ms", c.warmBig, 150));
      figures.push(atMost("warm first rows, card_synth_10000", c.warmSmall, "ms", c.warmSmall, 150));
      figures.push(
        atMost(
          "GET /api/me p99 while a cold 100,000-row list loads / unloaded p99",
          c.meDuringLoadP99,
          "ms",
          c.meDuringLoadP99 / c.meUnloadedP99,
          3,
        ),
      );
      figures.push(
        info("cold first rows, card_synth_100000, while another connection asks for /api/me back to back", c.coldBigWhileAsked, "ms"),
      );
    }

    if (STEPS.has("memory")) {
      const m = await memoryFigures(ctx, inspector, MEMORY_CARDS, MEMORY_ROWS);
      details.memory = m;
      figures.push(
        atMost(`bytes per held card row, store's count (${m.rowsHeld} rows held)`, m.storeBytesPerRow, "bytes", m.storeBytesPerRow, 300),
      );
      figures.push(
        atMost(
          `bytes per held card row, RSS growth after GC over rows added (${MEMORY_CARDS} lists opened in turn)`,
          m.rssBytesPerRow,
          "bytes",
          m.rssBytesPerRow,
          300,
        ),
      );
    }

    if (STEPS.has("soak")) {
      const bff: Target = { name: "BFF", url: `${app.url}/api/v1/business`, headers: { Cookie: cookie } };
      const rssBefore = await settledRss(inspector);
      const before = await connectionsOpened(upstreamUrl);
      const load = await throughput(bff, 50, SOAK_SECONDS);
      const opened = (await connectionsOpened(upstreamUrl)) - before;
      await sleep(SOAK_IDLE_SECONDS * 1000);
      const rssAfter = await settledRss(inspector);
      details.soak = { seconds: SOAK_SECONDS, idleSeconds: SOAK_IDLE_SECONDS, requests: load.requests, rssBefore, rssAfter };
      figures.push(
        atMost(
          `soak: RSS after ${SOAK_SECONDS}s at 50 connections, ${SOAK_IDLE_SECONDS}s idle and a GC / before`,
          rssAfter / 2 ** 20,
          "MiB",
          rssAfter / rssBefore,
          1.1,
        ),
      );
      figures.push(atMost("soak: upstream sockets opened", opened, "sockets", opened, UPSTREAM_POOL_CONNECTIONS));
      figures.push(atMost("soak: errors", load.errors, "errors", load.errors, 0));
    }

    if (STEPS.has("bundles")) {
      // Every page of the app, found under app/, so a new page is measured without being listed here.
      const paths = pagesOfApp();
      const pages = await firstLoadJs(app.url, cookie, [BARE_PAGE, ...paths]);
      const floor = (await firstLoadJs(await floorUrl(), null, ["/"]))["/"]!;
      // BENCH_ANALYZE=0 skips the analysis (a compile of its own) when only the sizes are wanted; =saved reads the last one.
      const analysis = process.env.BENCH_ANALYZE === "0" ? new Map() : await analyseChunks();
      printBundleReport(floor, pages, analysis);
      const withContents = Object.fromEntries(
        Object.entries(pages).map(([path, page]) => [path, { ...page, holds: chunkContents(analysis, path)?.slice(0, 15) ?? null }]),
      );
      // What merging chunks for first loads costs later: every page reached from the home page by navigation.
      // (Not the sign-in page, nor a page that sent its first visit elsewhere.)
      const toured = paths.filter((path) => path !== "/" && !SIGNED_OUT_PAGES.has(path) && pages[path]!.landed === path);
      const tour = await navigationJs(app.url, cookie, ["/", ...toured]);
      figures.push(info(`JS fetched by navigating from / through ${toured.length} other pages`, tour.bytes / 1024, "KiB"));
      figures.push(info("scripts fetched by that tour", tour.requests, "requests"));
      // The head's Intl warm-up (components/shell/warm-intl.ts), on a page whose first paint formats a zone and dates.
      const warmUp = await mainThreadScriptMs(app.url, cookie, "/business", await floorUrl());
      figures.push(info(`main-thread script time, first load of /business (median of ${warmUp.loads})`, warmUp.withWarmUpMs, "ms"));
      figures.push(info("the same without the head's Intl warm-up (no Worker in the page)", warmUp.withoutMs, "ms"));
      figures.push(info("the same for the framework's floor app", warmUp.floorMs, "ms"));
      figures.push(info("main-thread script time, /business / framework floor", warmUp.withWarmUpMs / warmUp.floorMs, "ratio"));
      details.bundles = { floor, pages: withContents, tour, warmUp };
      const floorKiB = (floor.bytes / 1024).toFixed(1);
      for (const path of [BARE_PAGE, ...paths]) {
        const page = pages[path]!;
        const limit = path === "/sign-in" ? SIGN_IN_FLOOR_RATIO : BUNDLE_FLOOR_RATIO;
        const landed = page.landed === path ? "" : ` (→ ${page.landed})`;
        figures.push(
          atMost(
            `first-load JS (gzip) ${path}${landed} / framework floor (${floorKiB} KiB)`,
            page.bytes / 1024,
            "KiB",
            page.bytes / floor.bytes,
            limit,
          ),
        );
      }
    }
    if (STEPS.has("lighthouse")) {
      // Both presets on the same pages: staff check customers on phones over mobile networks too.
      const presets = [
        { preset: "desktop", performance: 100 },
        { preset: "mobile", performance: 95 },
      ] as const;
      const lighthouse: Record<string, unknown> = {};
      const indexes: number[] = [];
      for (const { preset, performance } of presets) {
        const pages = await lighthouseScores(app.url, cookie, PAGES, preset, LIGHTHOUSE_RUNS);
        lighthouse[preset] = pages;
        for (const path of PAGES) {
          const page = pages[path]!;
          for (const category of LIGHTHOUSE_CATEGORIES) {
            const score = page.scores[category];
            // The median run's (see lighthouse.ts); every run's performance score is printed as the step runs.
            const label =
              category === "performance"
                ? `Lighthouse ${preset} performance (median of ${LIGHTHOUSE_RUNS}) ${path}`
                : `Lighthouse ${preset} ${category} ${path}`;
            figures.push(atLeast(label, score, "score", score, category === "performance" ? performance : 100));
          }
          figures.push(info(`Lighthouse ${preset} Total Blocking Time ${path}`, page.tbtMs, "ms"));
          figures.push(info(`Lighthouse ${preset} Largest Contentful Paint ${path}`, page.lcpMs, "ms"));
          console.log(`Lighthouse ${preset} ${path}: performance of each run ${page.performanceRuns.join(", ")}`);
          if (preset === "mobile") indexes.push(...page.benchmarkIndexes);
          if (page.failing.length > 0)
            console.log(
              `Lighthouse ${preset} ${path}: ${page.failing.map((a) => `${a.category}/${a.id} ${a.score}${a.value ? ` (${a.value})` : ""}`).join("; ")}`,
            );
        }
      }
      // Lighthouse's own gauge of this machine over every mobile run: its calculator for the CPU
      // slowdown (linked from its throttling docs) sets the preset's 4× for an index of about 1,530.
      figures.push(
        info(`Lighthouse benchmark index of this machine, median of the ${indexes.length} mobile runs`, median(indexes), "index"),
      );
      // The framework's floor app on the phone preset, in the same run: what a hello-world page with the
      // project's Next.js and React scores on this machine, so a page's blocking time reads against it.
      const floor = (await lighthouseScores(await floorUrl(), null, ["/"], "mobile", LIGHTHOUSE_RUNS))["/"]!;
      lighthouse.floor = floor;
      figures.push(
        info(`Lighthouse mobile performance (median of ${LIGHTHOUSE_RUNS}), framework floor`, floor.scores.performance, "score"),
      );
      figures.push(info("Lighthouse mobile Total Blocking Time, framework floor", floor.tbtMs, "ms"));
      figures.push(info("Lighthouse mobile Largest Contentful Paint, framework floor", floor.lcpMs, "ms"));
      console.log(`Lighthouse mobile framework floor: performance of each run ${floor.performanceRuns.join(", ")}`);
      details.lighthouse = lighthouse;
    }
    report(figures, details);
  } finally {
    inspector.close();
    await floorApp?.stop();
    await app.stop();
    await sim.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
