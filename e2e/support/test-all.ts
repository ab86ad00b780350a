/**
 * `npm test`: every check of the project, in the order that fails fastest, with the independent
 * single-threaded checks side by side, and the time of each stage printed at the end (the figures in
 * docs/testing.md come from this table).
 *
 * The Playwright suite runs once, on PostgreSQL (what production runs on), in lanes side by side;
 * the specs about the embedded database (sign-in with nothing configured, exactly-once on PGlite's one
 * connection, shutdown closing it) run again on PGlite, and the two-instance project runs, in those
 * same lanes. Every pass serves the one build.
 */
import { spawn } from "node:child_process";
import { UNKNOWN_SPEC_SECONDS, exactSpecFilter, mainProjectSpecs, planLanes, readDurations } from "./e2e-lanes";

/** The specs whose subject depends on the embedded database, run on PGlite as well. */
export const EMBEDDED_DATABASE_SPECS = [
  "e2e/foundation/sign-in.spec.ts",
  "e2e/foundation/session-revocation.spec.ts",
  "e2e/foundation/shutdown.spec.ts",
  "e2e/customers/card-once.spec.ts",
];

type Step = { name: string; command: string; env?: Record<string, string> };
/** One step, steps side by side, or lanes side by side (each lane its steps one after the other). */
type Stage = Step | Step[] | { lanes: Step[][] };

/** Each side-by-side Playwright run gets servers of its own: the simulator's faults and clock are per server. */
function ports(app: number, simulator: number, idp: number): Record<string, string> {
  return { E2E_REUSE_BUILD: "1", E2E_APP_PORT: String(app), E2E_SIMULATOR_PORT: String(simulator), E2E_IDP_PORT: String(idp) };
}

/**
 * The Playwright specs run in lanes side by side, each lane with its own app, simulator, identity
 * provider and database: a spec mostly waits (on the browser, on deadlines it provokes), so on two
 * cores three lanes finish well before two. Each lane's specs are chosen by their recorded durations
 * (e2e/support/e2e-lanes.ts), and the PGlite specs and the two-instance project ride in the lanes too,
 * after the lane's PostgreSQL specs.
 */
const E2E_LANES = 3;

/** Weighed as a lane's fixed job: its specs' recorded time, plus starting its own servers. */
const SERVER_START_SECONDS = 30;

function e2eLanes(): Step[][] {
  const durations = readDurations();
  const weight = (specs: string[]) =>
    SERVER_START_SECONDS + specs.reduce((sum, spec) => sum + (durations[spec] ?? UNKNOWN_SPEC_SECONDS), 0);
  const multiSpecs = Object.keys(durations).filter((spec) => spec.startsWith("e2e/multi-instance/"));
  const pglite: Step = {
    name: "e2e (PGlite: embedded-database specs)",
    command: `npm run test:e2e -- --output=test-results/pglite ${EMBEDDED_DATABASE_SPECS.join(" ")}`,
    // Ports past the lanes' own (3100, 3200, 3300, …): a fixed job runs while the other lanes' servers are up.
    env: ports(3100 + 100 * E2E_LANES, 4110 + 100 * E2E_LANES, 4111 + 100 * E2E_LANES),
  };
  const multi: Step = {
    name: "e2e (two instances)",
    command: "npm run test:e2e:multi -- --output=test-results/multi --reporter=list,json",
    env: {
      ...ports(3200 + 100 * E2E_LANES, 4210 + 100 * E2E_LANES, 4211 + 100 * E2E_LANES),
      E2E_MULTI_PORT: String(3230 + 100 * E2E_LANES),
      PLAYWRIGHT_JSON_OUTPUT_FILE: "test-results/multi.json",
    },
  };
  const fixed = new Map<string, Step>([
    [pglite.name, pglite],
    [multi.name, multi],
  ]);
  const plan = planLanes(mainProjectSpecs(), durations, E2E_LANES, [
    { name: pglite.name, seconds: weight(EMBEDDED_DATABASE_SPECS) },
    { name: multi.name, seconds: multiSpecs.length ? weight(multiSpecs) : 300 },
  ]);
  return plan.map((lane, i) => {
    const n = i + 1;
    const filters = lane.specs.map((spec) => `'${exactSpecFilter(spec)}'`).join(" ");
    const steps: Step[] = [];
    if (lane.specs.length)
      steps.push({
        name: `e2e (PostgreSQL lane ${n}/${E2E_LANES}, ${lane.specs.length} files)`,
        // Each lane writes its traces to a folder of its own (a shared one was cleared by the other's start),
        // and a JSON report from which `npm run test:e2e:durations` updates the recorded durations.
        command: `npm run test:e2e:postgres -- --output=test-results/lane-${n} --reporter=list,json ${filters}`,
        env: { ...ports(3100 + 100 * i, 4110 + 100 * i, 4111 + 100 * i), PLAYWRIGHT_JSON_OUTPUT_FILE: `test-results/lane-${n}.json` },
      });
    for (const job of lane.fixed) steps.push(fixed.get(job.name)!);
    return steps;
  });
}

const STAGES: Stage[] = [
  [
    { name: "typecheck", command: "npm run typecheck" },
    { name: "lint", command: "npm run lint" },
    { name: "format", command: "npm run format:check" },
  ],
  { name: "unit (PGlite)", command: "npm run test:unit" },
  { name: "unit (PostgreSQL)", command: "npm run test:unit:postgres" },
  { name: "build", command: "npm run build", env: { BUILD_AFTER_TYPECHECK: "1" } },
  { lanes: e2eLanes() },
];

type Timing = { name: string; seconds: number; code: number };

function run(step: Step, prefix: boolean): Promise<Timing> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, {
      shell: true,
      env: { ...process.env, ...step.env },
      stdio: prefix ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    if (prefix) {
      // Side by side, each line says which check wrote it.
      for (const stream of [child.stdout, child.stderr]) {
        let rest = "";
        stream?.on("data", (chunk: Buffer) => {
          const lines = (rest + chunk.toString()).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) process.stdout.write(`[${step.name}] ${line}\n`);
        });
        stream?.on("end", () => rest && process.stdout.write(`[${step.name}] ${rest}\n`));
      }
    }
    child.on("exit", (code, signal) =>
      resolve({ name: step.name, seconds: (performance.now() - started) / 1000, code: code ?? (signal ? 128 : 1) }),
    );
  });
}

/** A lane's steps one after the other, stopping at the first that fails (the other lanes go on). */
async function runLane(lane: Step[]): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const step of lane) {
    const timing = await run(step, true);
    timings.push(timing);
    if (timing.code !== 0) break;
  }
  return timings;
}

function table(timings: Timing[], totalSeconds: number): string {
  const rows = timings.map(
    (t) => `${t.name.padEnd(52)} ${t.seconds.toFixed(0).padStart(5)} s  ${t.code === 0 ? "ok" : `failed (${t.code})`}`,
  );
  return ["", `${"stage".padEnd(52)}  time`, ...rows, `${"all of npm test".padEnd(52)} ${totalSeconds.toFixed(0).padStart(5)} s`, ""].join(
    "\n",
  );
}

async function main(): Promise<number> {
  const started = performance.now();
  const timings: Timing[] = [];
  for (const stage of STAGES) {
    const results =
      "lanes" in stage
        ? (await Promise.all(stage.lanes.map((lane) => runLane(lane)))).flat()
        : Array.isArray(stage)
          ? await Promise.all(stage.map((step) => run(step, true)))
          : [await run(stage, false)];
    timings.push(...results);
    const failed = results.find((r) => r.code !== 0);
    if (failed) {
      console.log(table(timings, (performance.now() - started) / 1000));
      console.error(`npm test: ${failed.name} failed`);
      return failed.code;
    }
  }
  console.log(table(timings, (performance.now() - started) / 1000));
  return 0;
}

main().then((code) => process.exit(code));
