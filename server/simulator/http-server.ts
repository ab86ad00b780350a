import "server-only";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleControl } from "./control";
import { createSimulator, type ResettableSimulator } from "./simulator";
import type { SimulatorOptions } from "./types";

export type RunningSimulatorServer = {
  /** The API root, e.g. http://127.0.0.1:4010/api/v1. */
  url: string;
  /** The live simulator (the same object across `POST /__sim/reset`, which resets it in place). */
  simulator: ResettableSimulator;
  close(): Promise<void>;
};

const MAX_BODY_BYTES = 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error("request body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function toRequest(req: IncomingMessage, body: Buffer, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD" && body.length > 0;
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: hasBody ? new Uint8Array(body) : undefined,
    signal,
  });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== "content-length") headers[name] = value;
  });
  if (response.status !== 204 && response.status !== 304) headers["content-length"] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}

/** Answers `{ opened }`: the TCP connections this server has accepted since it started. */
export const CONNECTIONS_PATH = "/__sim/connections";

/** Starts a node:http server on 127.0.0.1 that adapts requests to the simulator; port 0 picks a free one. */
export async function startSimulatorServer({
  port = 4010,
  options = {},
}: { port?: number; options?: SimulatorOptions } = {}): Promise<RunningSimulatorServer> {
  const simulator = createSimulator(options);
  let origin = "";
  let connectionsOpened = 0;

  const server = createServer((req, res) => {
    const aborted = new AbortController();
    // Only a client that left before its answer aborts the handler: aborting after every answer
    // built a DOMException per request for nothing.
    res.on("close", () => {
      if (!res.writableFinished) aborted.abort();
    });
    void (async () => {
      try {
        if (req.method === "GET" && req.url === CONNECTIONS_PATH) return await send(res, Response.json({ opened: connectionsOpened }));
        const body = await readBody(req);
        const request = toRequest(req, body, origin, aborted.signal);
        const control = await handleControl(request, simulator);
        await send(res, control ?? (await simulator.fetch(request)));
      } catch (error) {
        // A simulated drop: the client sees the connection close with no answer.
        if (error instanceof TypeError && error.message === "fetch failed") req.socket.destroy();
        else if (!res.headersSent) await send(res, Response.json({ message: "The simulator server failed.", values: {} }, { status: 500 }));
        else res.destroy();
      }
    })();
  });

  // Sockets clients opened: the bench reads them to see that the app's upstream pool reuses its
  // connections. A server matter, so not among the simulator's request counts.
  server.on("connection", () => connectionsOpened++);
  // A test's or the app's client may reuse an idle kept-alive socket at any pause: with Node's 5 s
  // default the server could close it just as a request went out on it (ECONNRESET on a loaded run).
  // Longer than any client's own idle limit, so the client is the side that closes.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${address.port}`;

  return {
    url: `${origin}/api/v1`,
    simulator,
    close: () =>
      new Promise<void>((resolve, reject) => {
        simulator.close();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
