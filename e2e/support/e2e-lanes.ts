/**
 * How `npm test` splits the Playwright specs into lanes that run side by side, each lane with servers
 * of its own. Playwright's `--shard` splits by count of tests, which left one half ten minutes after
 * the other (the layout specs are few tests but long); here each spec file weighs what it took in a
 * recorded run (`e2e/support/spec-durations.json`), and the heaviest go first to the lightest lane.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A spec with no recorded duration yet (a new file) counts as this many seconds. */
export const UNKNOWN_SPEC_SECONDS = 60;

export const DURATIONS_FILE = "e2e/support/spec-durations.json";

/** A run already fixed to a lane (the PGlite specs, the two-instance project), with its weight. */
export type FixedJob = { name: string; seconds: number };

export type Lane = { specs: string[]; fixed: FixedJob[]; seconds: number };

/**
 * Greedy longest-first: each job, heaviest first, goes to the lane with the least work so far. The
 * fixed jobs are placed first (they are the largest items), then the spec files. Ties go to the
 * lower lane, so the plan is the same on every machine for the same durations file.
 */
export function planLanes(specs: readonly string[], durations: Record<string, number>, laneCount: number, fixed: FixedJob[] = []): Lane[] {
  if (!Number.isInteger(laneCount) || laneCount < 1) throw new Error(`lane count must be a positive integer, not ${laneCount}`);
  const lanes: Lane[] = Array.from({ length: laneCount }, () => ({ specs: [], fixed: [], seconds: 0 }));
  const lightest = () => lanes.reduce((best, lane) => (lane.seconds < best.seconds ? lane : best), lanes[0]!);
  for (const job of [...fixed].sort((a, b) => b.seconds - a.seconds)) {
    const lane = lightest();
    lane.fixed.push(job);
    lane.seconds += job.seconds;
  }
  const weighed = specs.map((spec) => ({ spec, seconds: durations[spec] ?? UNKNOWN_SPEC_SECONDS }));
  weighed.sort((a, b) => b.seconds - a.seconds || a.spec.localeCompare(b.spec));
  for (const { spec, seconds } of weighed) {
    const lane = lightest();
    lane.specs.push(spec);
    lane.seconds += seconds;
  }
  for (const lane of lanes) lane.specs.sort();
  return lanes;
}

/** Every spec file of the main Playwright project (what `playwright.config.ts` runs), repository-relative. */
export function mainProjectSpecs(root = "e2e"): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        // The config ignores these two: the bench is not a test, the two-instance project has its own config.
        if (path === join(root, "bench") || path === join(root, "multi-instance")) continue;
        walk(path);
      } else if (entry.name.endsWith(".spec.ts")) found.push(path.split("\\").join("/"));
    }
  };
  walk(root);
  return found.sort();
}

export function readDurations(file = DURATIONS_FILE): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (!parsed || typeof parsed !== "object") return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter((e): e is [string, number] => typeof e[1] === "number" && e[1] >= 0),
    );
  } catch {
    // No file (a fresh fork): every spec weighs the same, which is Playwright's own split.
    return {};
  }
}

/** A spec file as a Playwright filter that matches that file only (the CLI reads arguments as regular expressions). */
export function exactSpecFilter(spec: string): string {
  return `${spec.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`;
}
