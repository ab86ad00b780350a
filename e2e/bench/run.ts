/**
 * `npm run bench`: the foundation's benchmarks, printed as tables (figures go into the README).
 * Runs the standalone simulator and the production build on loopback only, with bounded load.
 */
import autocannon from "autocannon";
import { SIMULATOR_CREDENTIALS } from "../../server/simulator";
import { BENCH_PASSWORD, signIn, startBenchStack } from "./servers";

const SIM_PORT = 4610;
const APP_PORT = 3610;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

type Target = { name: string; url: string; headers: Record<string, string> };

async function load(target: Target, connections: number, seconds: number) {
  const result = await autocannon({ url: target.url, headers: target.headers, connections, duration: seconds });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main() {
  const { sim, app } = await startBenchStack(SIM_PORT, APP_PORT);
  try {
    const cookie = await signIn(app.url, "finance@example.com", BENCH_PASSWORD);

    // 1. Cold token cache: 200 concurrent BFF requests must cause exactly one POST /auth.
    await fetch(`${sim.url}/__sim/stats`, { method: "DELETE" });
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => fetch(`${app.url}/api/v1/business`, { headers: { Cookie: cookie } }).then((r) => r.status)),
    );
    const stats = (await (await fetch(`${sim.url}/__sim/stats`)).json()) as Record<string, number>;
    console.log("\nCold token cache, 200 concurrent BFF requests");
    console.table({ requests: { ok: answers.filter((s) => s === 200).length, "POST /auth calls": stats["POST /auth"] ?? 0 } });

    // 2. BFF vs direct upstream vs the framework's ceiling (a no-upstream route behind the same session checks).
    const tokenRes = await fetch(`${sim.url}/api/v1/auth`, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from(`${SIMULATOR_CREDENTIALS.businessId}:${SIMULATOR_CREDENTIALS.secretKey}`).toString("base64")}` },
    });
    const { access_token } = (await tokenRes.json()) as { access_token: string };
    const targets: Target[] = [
      { name: "ceiling (GET /api/me)", url: `${app.url}/api/me`, headers: { Cookie: cookie } },
      { name: "BFF (GET /api/v1/business)", url: `${app.url}/api/v1/business`, headers: { Cookie: cookie } },
      { name: "direct (simulator /business)", url: `${sim.url}/api/v1/business`, headers: { Authorization: `Bearer ${access_token}` } },
    ];
    for (const t of targets) await load(t, 4, 2); // warm-up
    const rows: Record<string, { "p50 ms (1 conn)": number; "p99 ms (1 conn)": number; "req/s (50 conn)": number; errors: number }> = {};
    for (const t of targets) {
      const unloaded = await load(t, 1, DURATION_S);
      const loaded = await load(t, 50, DURATION_S);
      rows[t.name] = { "p50 ms (1 conn)": unloaded.p50, "p99 ms (1 conn)": unloaded.p99, "req/s (50 conn)": Math.round(loaded.rps), errors: unloaded.errors + loaded.errors };
    }
    console.log(`\nGET /business, ${DURATION_S}s per measurement`);
    console.table(rows);
    const ceiling = rows[targets[0]!.name]!;
    const bff = rows[targets[1]!.name]!;
    console.log("\nRatios (targets: throughput ≥ 0.85, unloaded p50 ≤ 1.1)");
    console.table({
      "BFF / ceiling": {
        throughput: +(bff["req/s (50 conn)"] / ceiling["req/s (50 conn)"]).toFixed(2),
        "p50 latency": +(bff["p50 ms (1 conn)"] / Math.max(ceiling["p50 ms (1 conn)"], 1)).toFixed(2),
      },
    });
  } finally {
    await app.stop();
    await sim.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
