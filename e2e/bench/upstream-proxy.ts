/**
 * A TCP pass-through between the app and the simulator that counts the connections the app
 * opens to its upstream (the pool's sockets). It runs in a worker thread, so its piping does not
 * share an event loop with the load generator. The direct figure goes through it too, so the BFF
 * and direct rows pay the same extra hop.
 */
import { Worker } from "node:worker_threads";

const WORKER = `
const net = require("node:net");
const { parentPort, workerData } = require("node:worker_threads");
let opened = 0;
let open = 0;
const server = net.createServer((client) => {
  opened++;
  open++;
  client.setNoDelay(true);
  const upstream = net.connect(workerData.target, "127.0.0.1");
  upstream.setNoDelay(true);
  client.pipe(upstream).pipe(client);
  const close = () => { client.destroy(); upstream.destroy(); };
  client.on("error", close);
  upstream.on("error", close);
  client.once("close", () => { open--; upstream.destroy(); });
});
server.listen(workerData.port, "127.0.0.1", () => parentPort.postMessage({ ready: true }));
parentPort.on("message", (m) => {
  if (m === "count") parentPort.postMessage({ opened, open });
  if (m === "stop") server.close(() => process.exit(0));
});
`;

export type CountingProxy = { url: string; counts: () => Promise<{ opened: number; open: number }>; stop: () => Promise<void> };

export async function startCountingProxy(port: number, targetPort: number): Promise<CountingProxy> {
  const worker = new Worker(WORKER, { eval: true, workerData: { port, target: targetPort } });
  await new Promise<void>((resolve, reject) => {
    worker.once("message", () => resolve());
    worker.once("error", reject);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    counts: () =>
      new Promise((resolve) => {
        worker.once("message", resolve);
        worker.postMessage("count");
      }),
    stop: async () => {
      worker.postMessage("stop");
      await new Promise((resolve) => worker.once("exit", resolve));
    },
  };
}
