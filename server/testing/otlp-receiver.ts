import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type OtlpAttribute = { key: string; value: { stringValue?: string } };
export type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
  status?: { code?: number; message?: string };
  events?: { name: string; attributes?: OtlpAttribute[] }[];
};
export type OtlpExport = { resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[] };

/**
 * For tests: a local OTLP/HTTP receiver, what a collector would get as the exporter's JSON. Give
 * `endpoint` to startTracing; `received` holds each export with the path and content type it came
 * with, `spans()` every span in them.
 */
export async function startOtlpReceiver() {
  const received: { path: string; contentType: string; body: OtlpExport }[] = [];
  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    received.push({
      path: request.url ?? "",
      contentType: request.headers["content-type"] ?? "",
      body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpExport,
    });
    response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    spans: () => received.flatMap((r) => r.body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((s) => s.spans))),
    close: () => void server.close(),
  };
}
