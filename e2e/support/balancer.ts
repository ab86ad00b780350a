/**
 * A round-robin balancer for the multi-instance tests: each request (not each connection) goes to
 * the next instance, so consecutive requests of one browser alternate between them, and the answer
 * says which instance served it in `X-Instance`.
 *
 *   tsx e2e/support/balancer.ts <listen port> <upstream port>…
 */
import http from "node:http";

const [listen, ...targets] = process.argv.slice(2).map(Number);
if (!listen || targets.length === 0 || targets.some((p) => !Number.isInteger(p))) {
  console.error("usage: balancer.ts <listen port> <upstream port>…");
  process.exit(2);
}

// No keep-alive towards the instances: a pooled socket would tie requests to one of them.
const agent = new http.Agent({ keepAlive: false });
let next = 0;

const server = http.createServer((req, res) => {
  if (req.url === "/__balancer/health") {
    res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    return;
  }
  const index = next++ % targets.length;
  const port = targets[index]!;
  const upstream = http.request({ host: "127.0.0.1", port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-instance": String(index + 1) });
    answer.pipe(res);
  });
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain", "x-instance": String(index + 1) });
    res.end("instance unavailable");
  });
  req.pipe(upstream);
});

// Past any pause of a spec's request context, as the app's and the simulator's (see server/simulator/http-server.ts).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(listen, "127.0.0.1", () => console.log(`balancer on ${listen} → ${targets.join(", ")}`));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
