/**
 * `npm run test:e2e:durations -- <report.json…>`: records how long each spec file took, from the JSON
 * reports that `npm test` writes beside its traces (`test-results/*.json`), into
 * e2e/support/spec-durations.json, which `npm test` reads to balance its Playwright lanes.
 * Files not in the given reports keep their recorded figure.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { DURATIONS_FILE, readDurations } from "./e2e-lanes";

type Result = { duration?: number };
type Spec = { tests?: { results?: Result[] }[] };
type Suite = { file?: string; specs?: Spec[]; suites?: Suite[] };
type Report = { config?: { rootDir?: string }; suites?: Suite[] };

function seconds(suite: Suite): number {
  let ms = 0;
  for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) for (const r of test.results ?? []) ms += r.duration ?? 0;
  for (const inner of suite.suites ?? []) ms += seconds(inner) * 1000;
  return ms / 1000;
}

/** Per spec file (repository-relative), the seconds its tests took in one Playwright JSON report. */
export function durationsOf(report: Report, repositoryRoot: string): Record<string, number> {
  const rootDir = report.config?.rootDir ?? resolve(repositoryRoot, "e2e");
  const out: Record<string, number> = {};
  for (const suite of report.suites ?? []) {
    if (!suite.file) continue;
    // Keyed from the "e2e/" folder on, so a report written in another checkout (CI's clone) still matches.
    const absolute = resolve(rootDir, suite.file).split("\\").join("/");
    const at = absolute.lastIndexOf("/e2e/");
    const file = at === -1 ? relative(repositoryRoot, absolute).split("\\").join("/") : absolute.slice(at + 1);
    out[file] = Math.round((out[file] ?? 0) + seconds(suite));
  }
  return out;
}

function main(): number {
  const reports = process.argv.slice(2);
  if (reports.length === 0) {
    console.error("usage: spec-durations.ts <playwright-report.json…>");
    return 2;
  }
  const merged = readDurations();
  for (const file of reports) Object.assign(merged, durationsOf(JSON.parse(readFileSync(file, "utf8")) as Report, process.cwd()));
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`${DURATIONS_FILE}: ${Object.keys(sorted).length} spec files`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) process.exit(main());
