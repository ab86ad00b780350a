import { Writable } from "node:stream";
import { SpanKind, trace as traceApi } from "@opentelemetry/api";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { demoMember } from "@/server/testing/demo-accounts";
import { jsonRequest } from "@/server/testing/staff";
import { startOtlpReceiver, type OtlpSpan } from "@/server/testing/otlp-receiver";

// The real routes, database and embedded simulator; only the session is faked (and step-up, which
// needs a server-side session: tested in server/auth/second-factor.test.ts).
const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", async (original) => ({ ...(await original<object>()), currentStaff: async () => session.staff }));
vi.mock("@/server/auth/step-up", () => ({ requireRecentSecondFactor: async () => {} }));

// A local OTLP/HTTP receiver: what the collector would get, as the exporter's JSON.
const receiver = await startOtlpReceiver();
const { received } = receiver;

const SPAN_KIND = { internal: 1, server: 2, client: 3 };
const { startTracing, flushTracing, stopTracing } = await import("./tracing-sdk");
const cards = await import("@/app/api/v1/cards/route");
const { db } = await import("@/server/db/client");
const { createLogger, log } = await import("@/server/log");
const { currentTraceId, inSpan } = await import("./tracing");
const { saveStatus } = await import("@/server/customers/verification-store");

let ops: StaffMember;
beforeAll(async () => {
  startTracing({ endpoint: receiver.endpoint, serviceName: "back-office-under-test" });
  ops = await demoMember("ops");
  const database = await db();
  await database.execute(sql`DELETE FROM card_issuances`);
  await saveStatus({ db: database, customerId: "cus_approved", update: { status: "APPROVED", canCreateCard: true, source: "check" } });
}, 180_000);

afterAll(async () => {
  await stopTracing();
  receiver.close();
});

describe("traces exported over OTLP/HTTP", () => {
  it("one BFF request is one trace: the request span, with the session check, the database and the upstream call under it", async () => {
    session.staff = ops;
    // The suite runs with LOG_LEVEL=silent: the access line is captured where it is written.
    const levelOn = vi.spyOn(log, "isLevelEnabled").mockReturnValue(true);
    const logged = vi.spyOn(log, "info").mockImplementation(() => undefined);
    const response = await cards.POST(
      jsonRequest("http://localhost:3000/api/v1/cards", { customer_id: "cus_approved" }, { "Idempotency-Key": "trace-test-1" }),
    );
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id")!;
    // The request id is the trace id: 32 hex digits, not all zero.
    expect(requestId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    // The access line names it too.
    expect(logged.mock.calls.map((call) => call[0])).toContainEqual(
      expect.objectContaining({ requestId, route: "/api/v1/cards", status: 200 }),
    );
    logged.mockRestore();
    levelOn.mockRestore();

    await flushTracing();
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((r) => r.path === "/v1/traces" && r.contentType.startsWith("application/json"))).toBe(true);
    const resources = received.flatMap((r) => r.body.resourceSpans.map((rs) => rs.resource));
    expect(resources[0]!.attributes).toContainEqual({ key: "service.name", value: { stringValue: "back-office-under-test" } });

    const spans = received.flatMap((r) => r.body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((s) => s.spans)));
    const trace = spans.filter((s) => s.traceId === requestId);
    const root = trace.find((s) => s.name === "POST /api/v1/cards");
    expect(root).toMatchObject({ kind: SPAN_KIND.server });
    expect(root!.parentSpanId ?? "").toBe("");
    const childrenOf = (parent: OtlpSpan) => trace.filter((s) => s.parentSpanId === parent.spanId);
    const names = childrenOf(root!).map((s) => s.name);
    expect(names).toContain("session check");
    expect(names).toContain("transaction");
    // The upstream call (the spec has no POST /cards: it is the back-office's own operation).
    expect(childrenOf(root!).find((s) => s.name === "POST /cards")).toMatchObject({ kind: SPAN_KIND.client });
    // Every span of the request is in this one trace and hangs from the request span.
    const ids = new Set(trace.map((s) => s.spanId));
    for (const span of trace) if (span !== root) expect(ids.has(span.parentSpanId!)).toBe(true);
    // No statement text, id or personal value is a span name.
    for (const span of trace) expect(span.name).not.toContain("cus_approved");
  });

  it("sends Next.js's request spans without the query string and a path's BVN masked, and its fetch spans with the origin only", async () => {
    // Next.js's own spans, as it makes them (BaseServer.handleRequest, AppRender.fetch): the URL as requested or fetched.
    const nextjs = traceApi.getTracer("next.js");
    const search = nextjs.startActiveSpan(
      "GET /api/v1/search",
      { kind: SpanKind.SERVER, attributes: { "http.method": "GET", "http.target": "/api/v1/search?q=22212345678" } },
      (span) => {
        span.end();
        return span.spanContext().traceId;
      },
    );
    const upstreamUrl = "http://user:pa55word@upstream.example/v1/customers/22212345678?bvn=22212345678#22212345678";
    const fetched = nextjs.startActiveSpan(
      `fetch GET ${upstreamUrl}`,
      { kind: SpanKind.CLIENT, attributes: { "http.url": upstreamUrl, "next.span_name": `fetch GET ${upstreamUrl}` } },
      (span) => {
        // Set while the span runs, not at its start.
        span.setAttributes({ "url.full": upstreamUrl, "url.query": "bvn=22212345678", "url.path": "/v1/customers/22212345678" });
        span.end();
        return span.spanContext().traceId;
      },
    );
    await flushTracing();

    expect(JSON.stringify(received)).not.toMatch(/22212345678|pa55word/);
    const spans = received.flatMap((r) => r.body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((s) => s.spans)));
    const attributesOf = (traceId: string) =>
      Object.fromEntries(spans.find((s) => s.traceId === traceId)!.attributes!.map((a) => [a.key, a.value.stringValue]));
    expect(spans.find((s) => s.traceId === search)!.name).toBe("GET /api/v1/search");
    expect(attributesOf(search)).toMatchObject({ "http.target": "/api/v1/search" });
    // A URL fetched keeps its origin only (a third party's path may be a secret: span-urls.test.ts).
    const origin = "http://upstream.example";
    expect(spans.find((s) => s.traceId === fetched)!.name).toBe(`fetch GET ${origin}`);
    expect(attributesOf(fetched)).toMatchObject({
      "http.url": origin,
      "next.span_name": `fetch GET ${origin}`,
      "url.full": origin,
      "url.query": "",
      "url.path": "",
    });
  });

  it("every log line written inside a traced request carries its trace id; outside one, none", async () => {
    const lines: string[] = [];
    const logger = createLogger(new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) }), "info");
    const traceId = await inSpan("work", {}, async () => {
      logger.warn({ code: "x" }, "inside");
      return currentTraceId();
    });
    logger.warn({ code: "y" }, "outside");
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(lines[0]!)).toMatchObject({ traceId, msg: "inside" });
    expect(JSON.parse(lines[1]!)).not.toHaveProperty("traceId");
  });
});
