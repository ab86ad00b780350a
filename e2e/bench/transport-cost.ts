/**
 * What one upstream call costs through the app's own transport in a plain Node process, with no
 * Next.js around it: this process's CPU per call, `concurrency` calls at a time, each answer parsed
 * as the BFF parses it. A BFF route makes that call on the app's thread, so its cost there cannot
 * fall below this; the bench sets it beside the BFF figures.
 */
import { poolTransport } from "@/server/upstream/pool";

export async function transportCpuMsPerCall(upstreamUrl: string, token: string, calls = 4000, concurrency = 16): Promise<number> {
  const baseUrl = `${upstreamUrl}/api/v1`;
  const transport = poolTransport(baseUrl, concurrency);
  const headers = { accept: "application/json", authorization: `Bearer ${token}` };
  const callsEach = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const answer = await transport.whole({ method: "GET", url: `${baseUrl}/business`, headers, deadlineAt: Date.now() + 10_000 });
      if (answer.status !== 200) throw new Error(`GET /business through the transport: ${answer.status}`);
      JSON.parse(answer.body);
    }
  };
  const inParallel = (each: number) => Promise.all(Array.from({ length: concurrency }, () => callsEach(each)));
  await inParallel(Math.ceil(300 / concurrency)); // warm-up: sockets opened, code optimised
  const each = Math.ceil(calls / concurrency);
  const before = process.cpuUsage();
  await inParallel(each);
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000 / (each * concurrency);
}
