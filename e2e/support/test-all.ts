/**
 * `npm test`: every check of the project, in the order that fails fastest, with the independent
 * single-threaded checks side by side, and the time of each stage printed at the end (the figures in
 * docs/testing.md come from this table).
 *
 * The Playwright suite runs once, on PostgreSQL (what production runs on), in halves side by side;
 * the specs about the embedded database (sign-in with nothing configured, exactly-once on PGlite's one
 * connection, shutdown closing it) run again on PGlite, beside the two-instance project. Every pass
 * serves the one build.
 */
import { spawn } from "node:child_process";

/** The specs whose subject depends on the embedded database, run on PGlite as well. */
export const EMBEDDED_DATABASE_SPECS = [
  "e2e/foundation/sign-in.spec.ts",
  "e2e/foundation/session-revocation.spec.ts",
  "e2e/foundation/shutdown.spec.ts",
  "e2e/customers/card-once.spec.ts",
];

type Step = { name: string; command: string; env?: Record<string, string> };
type Stage = Step | Step[];

/** Each side-by-side Playwright run gets servers of its own: the simulator's faults and clock are per server. */
function ports(app: number, simulator: number, idp: number): Record<string, string> {
  return { E2E_REUSE_BUILD: "1", E2E_APP_PORT: String(app), E2E_SIMULATOR_PORT: String(simulator), E2E_IDP_PORT: String(idp) };
}

/**
 * The Playwright suite on PostgreSQL in two halves side by side, each with its own app, simulator,
 * identity provider and database: a spec mostly waits (on the browser, on deadlines it provokes),
 * so two halves on two cores take little more than half the time of one run.
 */
const E2E_SHARDS = 2;

const STAGES: Stage[] = [
  [
    { name: "typecheck", command: "npm run typecheck" },
    { name: "lint", command: "npm run lint" },
    { name: "format", command: "npm run format:check" },
  ],
  { name: "unit (PGlite)", command: "npm run test:unit" },
  { name: "unit (PostgreSQL)", command: "npm run test:unit:postgres" },
  { name: "build", command: "npm run build" },
  Array.from({ length: E2E_SHARDS }, (_, i) => ({
    name: `e2e (PostgreSQL ${i + 1}/${E2E_SHARDS})`,
    // Each half writes its traces and screenshots to a folder of its own: in a shared one, each
    // half's start cleared the other's recordings mid-test (ENOENT on a trace file).
    command: `npm run test:e2e:postgres -- --shard=${i + 1}/${E2E_SHARDS} --output=test-results/postgres-${i + 1}`,
    env: ports(3100 + 100 * i, 4110 + 100 * i, 4111 + 100 * i),
  })),
  [
    {
      name: "e2e (PGlite: embedded-database specs)",
      command: `npm run test:e2e -- --output=test-results/pglite ${EMBEDDED_DATABASE_SPECS.join(" ")}`,
      env: ports(3300, 4310, 4311),
    },
    { name: "e2e (two instances)", command: "npm run test:e2e:multi", env: { ...ports(3400, 4410, 4411), E2E_MULTI_PORT: "3430" } },
  ],
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

function table(timings: Timing[], totalSeconds: number): string {
  const rows = timings.map(
    (t) => `${t.name.padEnd(40)} ${t.seconds.toFixed(0).padStart(5)} s  ${t.code === 0 ? "ok" : `failed (${t.code})`}`,
  );
  return [
    "",
    "stage                                    time",
    ...rows,
    `${"all of npm test".padEnd(40)} ${totalSeconds.toFixed(0).padStart(5)} s`,
    "",
  ].join("\n");
}

async function main(): Promise<number> {
  const started = performance.now();
  const timings: Timing[] = [];
  for (const stage of STAGES) {
    const results = Array.isArray(stage) ? await Promise.all(stage.map((step) => run(step, true))) : [await run(stage, false)];
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
