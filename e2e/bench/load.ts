/** Load generation: autocannon for throughput, a sequential loop for precise unloaded latency. */
import autocannon from "autocannon";
import { Pool } from "undici";

export type Target = { name: string; url: string; headers: Record<string, string> };

export async function throughput(
  target: Target,
  connections: number,
  seconds: number,
): Promise<{ rps: number; requests: number; errors: number }> {
  const result = await autocannon({ url: target.url, headers: target.headers, connections, duration: seconds });
  return { rps: result.requests.average, requests: result.requests.total, errors: result.errors + result.timeouts + result.non2xx };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The middle value (of an even count, the higher of the two middle ones), as percentile(…, 50). */
export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export type Latencies = { p50: number; p99: number; count: number; errors: number; /** Every latency, sorted. */ times: number[] };

/**
 * One connection, one request at a time, for `seconds` (or until `until` resolves): latencies in
 * milliseconds with microsecond resolution (autocannon's histogram counts whole milliseconds).
 */
export async function sequentialLatency(target: Target, seconds: number, until?: Promise<unknown>): Promise<Latencies> {
  const url = new URL(target.url);
  const pool = new Pool(url.origin, { connections: 1 });
  const times: number[] = [];
  let errors = 0;
  let done = false;
  const stop = until ?? new Promise((r) => setTimeout(r, seconds * 1000));
  void stop.finally(() => (done = true));
  try {
    while (!done) {
      const start = process.hrtime.bigint();
      try {
        const { statusCode, body } = await pool.request({ path: url.pathname + url.search, method: "GET", headers: target.headers });
        await body.dump();
        if (statusCode !== 200) errors++;
      } catch {
        errors++;
      }
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  } finally {
    await pool.close();
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), count: times.length, errors, times };
}
