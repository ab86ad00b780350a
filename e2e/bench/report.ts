/** One table of every figure beside its target, printed and written to e2e/bench/results.json. */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";

export type Figure = {
  figure: string;
  /** The measured value, in `unit`. */
  value: number;
  unit: string;
  /** The figure as the target states it (a ratio, or the value itself when the target is absolute). */
  ratio: number;
  target: string;
  pass: boolean;
};

export const atMost = (figure: string, value: number, unit: string, ratio: number, limit: number): Figure => ({
  figure,
  value: round(value),
  unit,
  ratio: round(ratio),
  target: `≤ ${limit}`,
  pass: ratio <= limit,
});

export const atLeast = (figure: string, value: number, unit: string, ratio: number, limit: number): Figure => ({
  figure,
  value: round(value),
  unit,
  ratio: round(ratio),
  target: `≥ ${limit}`,
  pass: ratio >= limit,
});

/** A figure reported for reading, with no target of its own. */
export const info = (figure: string, value: number, unit: string): Figure => ({
  figure,
  value: round(value),
  unit,
  ratio: round(value),
  target: "—",
  pass: true,
});

function round(n: number): number {
  if (!Number.isFinite(n)) return n;
  return Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 100) / 100;
}

export function report(figures: Figure[], details: Record<string, unknown>, path = "e2e/bench/results.json"): void {
  console.log("\nSpeed and memory (ratios are within this run)");
  console.table(
    Object.fromEntries(
      figures.map((f) => [f.figure, { value: f.value, unit: f.unit, ratio: f.ratio, target: f.target, pass: f.pass ? "yes" : "NO" }]),
    ),
  );
  const machine = {
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    node: process.version,
    loadavg: loadavg().map((l) => Math.round(l * 100) / 100),
  };
  writeFileSync(path, `${JSON.stringify({ date: new Date().toISOString(), machine, figures, details }, null, 2)}\n`);
  console.log(`\nWritten to ${path} (load average at the end: ${machine.loadavg.join(", ")}; on a busy machine the figures are noise).`);
}
