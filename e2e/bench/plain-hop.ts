/**
 * The least one hop costs on this machine, apart from any framework: a plain `node:http` server
 * that answers each request by calling the simulator's `GET /business` through the app's own
 * pooled transport (and parsing the answer), beside one that answers fixed JSON at once. The bench
 * sets the pair against the BFF's floor (session-checked p50 + direct p50): the same sum, taken
 * the same way, for the smallest program that makes the same hop. Run as its own process:
 * `tsx --conditions=react-server e2e/bench/plain-hop.ts HOP_PORT BARE_PORT UPSTREAM_URL TOKEN`.
 */
import { createServer } from "node:http";
import { poolTransport } from "@/server/upstream/pool";

const [hopPort, barePort, upstreamUrl, token] = process.argv.slice(2);
const baseUrl = `${upstreamUrl}/api/v1`;
const transport = poolTransport(baseUrl);
const headers = { accept: "application/json", authorization: `Bearer ${token}` };

createServer((_req, res) => {
  transport.whole({ method: "GET", url: `${baseUrl}/business`, headers, deadlineAt: Date.now() + 10_000 }).then(
    (answer) => {
      const body = JSON.stringify(JSON.parse(answer.body));
      res.writeHead(answer.status, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(body);
    },
    () => res.writeHead(502).end(),
  );
}).listen(Number(hopPort), "127.0.0.1");

const BARE = JSON.stringify({ ok: true });
createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(BARE);
}).listen(Number(barePort), "127.0.0.1");
