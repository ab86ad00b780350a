import { SpanKind, trace } from "@opentelemetry/api";
import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external";
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external";
import { createPatchedFetcher } from "next/dist/server/lib/patch-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spanName, spanUrl } from "./span-urls";
import { startOtlpReceiver, type OtlpSpan } from "@/server/testing/otlp-receiver";

const receiver = await startOtlpReceiver();
const { startTracing, flushTracing, stopTracing } = await import("./tracing-sdk");

beforeAll(() => {
  startTracing({ endpoint: receiver.endpoint, serviceName: "back-office-under-test" });
});

afterAll(async () => {
  await stopTracing();
  receiver.close();
});

async function exportedSpans(): Promise<OtlpSpan[]> {
  await flushTracing();
  return receiver.spans();
}

const attributesOf = (span: OtlpSpan) => Object.fromEntries((span.attributes ?? []).map((a) => [a.key, a.value.stringValue]));

// A chat service's incoming webhook: the token is the path.
// OTLP's numbering of span kinds (the API's SpanKind counts from INTERNAL = 0).
const OTLP_CLIENT = 3;
const HOOK = "https://hooks.example.com/services/T0000/B0000/secret-token-in-the-path";

describe("a URL fetched, as the collector receives it", () => {
  it("is its origin only: Next.js's own span of a fetch through the patched global fetch keeps no path", async () => {
    // The global fetch as Next.js patches it once it serves, sending to a stand-in: no request leaves.
    const patched = createPatchedFetcher((async () => new Response("ok")) as typeof fetch, { workAsyncStorage, workUnitAsyncStorage });
    await patched(`${HOOK}?x=1`, { method: "POST", body: "{}" });

    const spans = await exportedSpans();
    expect(JSON.stringify(spans)).not.toMatch(/secret-token|services|T0000/);
    const fetched = spans.find((s) => s.name.startsWith("fetch POST"));
    expect(fetched).toMatchObject({ name: "fetch POST https://hooks.example.com", kind: OTLP_CLIENT });
    expect(attributesOf(fetched!)).toMatchObject({
      "http.url": "https://hooks.example.com",
      "next.span_name": "fetch POST https://hooks.example.com",
      "net.peer.name": "hooks.example.com",
    });
  });

  it("is its origin only in the current conventions' attributes too, however they are set, and a path of a call out is emptied", async () => {
    const traceId = trace.getTracer("an instrumentation").startActiveSpan(`fetch POST ${HOOK}`, { kind: SpanKind.CLIENT }, (span) => {
      span.setAttributes({
        "url.full": `https://user:pass@hooks.example.com:8443${new URL(HOOK).pathname}`,
        "url.path": new URL(HOOK).pathname,
        "http.target": new URL(HOOK).pathname,
        "url.query": "token=1",
      });
      span.end();
      return span.spanContext().traceId;
    });
    const span = (await exportedSpans()).find((s) => s.traceId === traceId)!;
    expect(span.name).toBe("fetch POST https://hooks.example.com");
    expect(attributesOf(span)).toMatchObject({
      "url.full": "https://hooks.example.com:8443",
      "url.path": "",
      "http.target": "",
      "url.query": "",
    });
  });

  it("leaves an incoming request's path (a SERVER span), without its query", async () => {
    const traceId = trace
      .getTracer("next.js")
      .startActiveSpan(
        "GET /api/v1/cards/[id]",
        { kind: SpanKind.SERVER, attributes: { "http.target": "/api/v1/cards/c_1?x=1" } },
        (span) => {
          span.end();
          return span.spanContext().traceId;
        },
      );
    const span = (await exportedSpans()).find((s) => s.traceId === traceId)!;
    expect(span.name).toBe("GET /api/v1/cards/[id]");
    expect(attributesOf(span)).toMatchObject({ "http.target": "/api/v1/cards/c_1" });
  });
});

describe("spanUrl and spanName", () => {
  it("reduce an absolute URL to its scheme and host, port kept, user and password dropped", () => {
    expect(spanUrl(HOOK)).toBe("https://hooks.example.com");
    expect(spanUrl("http://user:pa55@upstream.example:8080/v1/customers/22212345678?bvn=1#f")).toBe("http://upstream.example:8080");
    expect(spanUrl("https://hooks.example.com\\services\\secret")).toBe("https://hooks.example.com");
    expect(spanUrl("https://hooks.example.com")).toBe("https://hooks.example.com");
    expect(spanName(`fetch POST ${HOOK}`)).toBe("fetch POST https://hooks.example.com");
  });

  it("keep a path, without query and fragment, with a BVN masked", () => {
    expect(spanUrl("/api/v1/search?q=22212345678")).toBe("/api/v1/search");
    expect(spanUrl("/v1/customers/22212345678#x")).toBe("/v1/customers/•••••••5678");
    expect(spanName("GET /api/v1/customers/[id]")).toBe("GET /api/v1/customers/[id]");
  });
});
