import { getTracer, recordSpanError } from "next/dist/server/lib/trace/tracer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOtlpReceiver, type OtlpAttribute, type OtlpSpan } from "@/server/testing/otlp-receiver";

const receiver = await startOtlpReceiver();
const { startTracing, flushTracing, stopTracing } = await import("./tracing-sdk");

beforeAll(() => {
  startTracing({ endpoint: receiver.endpoint, serviceName: "back-office-under-test" });
});

afterAll(async () => {
  await stopTracing();
  receiver.close();
});

const PAN = "4340 7550 2021 9226";
const BVN = "22212345678";
const STATUS_ERROR = 2;

async function exported(traceId: string): Promise<OtlpSpan> {
  await flushTracing();
  const span = receiver.spans().find((s) => s.traceId === traceId);
  if (!span) throw new Error(`no span of trace ${traceId} was exported`);
  return span;
}

const attributesOf = (attributes: OtlpAttribute[] = []) => Object.fromEntries(attributes.map((a) => [a.key, a.value.stringValue]));

describe("errors on Next.js's own spans, as exported", () => {
  it("masks a card number and a BVN in the status message, the exception event and the stack of a request that failed", async () => {
    let traceId = "";
    // Next.js's request span, through Next.js's own tracer: the handler's error is recorded as Next.js records it.
    const failed = getTracer().trace("BaseServer.handleRequest", { spanName: "GET /api/v1/cards" }, async (span) => {
      traceId = span!.spanContext().traceId;
      throw new Error(`declined card ${PAN} for BVN ${BVN}`);
    });
    await expect(failed).rejects.toThrow(BVN);

    const span = await exported(traceId);
    expect(JSON.stringify(span)).not.toMatch(/4340 7550|2021 9226|22212345678/);
    expect(span.name).toBe("GET /api/v1/cards");
    expect(span.status).toEqual({ code: STATUS_ERROR, message: "declined card •••••••9226 for BVN •••••••5678" });
    const exception = span.events!.find((e) => e.name === "exception")!;
    const attributes = attributesOf(exception.attributes);
    expect(attributes).toMatchObject({ "exception.type": "Error", "exception.message": "declined card •••••••9226 for BVN •••••••5678" });
    // The stack begins with the message; its frames are kept.
    expect(attributes["exception.stacktrace"]).toMatch(/^Error: declined card •••••••9226 for BVN •••••••5678\n\s+at /);
    expect(attributesOf(span.attributes)).toMatchObject({ "error.type": "Error", "next.span_name": "GET /api/v1/cards" });
  });

  it("masks the error's name Next.js copies into error.type, and leaves an error without a number as it was", async () => {
    const span = getTracer().startSpan("AppRender.getBodyResult");
    const { traceId } = span.spanContext();
    // A name taken from an upstream answer; Next.js records a render's error on its span so (create-error-handler).
    const error = new Error("render failed");
    error.name = `Declined ${BVN}`;
    recordSpanError(span, error);
    span.end();

    const exportedSpan = await exported(traceId);
    expect(JSON.stringify(exportedSpan)).not.toContain(BVN);
    expect(attributesOf(exportedSpan.attributes)["error.type"]).toBe("Declined •••••••5678");
    expect(exportedSpan.status).toEqual({ code: STATUS_ERROR, message: "render failed" });
    const exception = attributesOf(exportedSpan.events!.find((e) => e.name === "exception")!.attributes);
    expect(exception).toMatchObject({ "exception.type": "Declined •••••••5678", "exception.message": "render failed" });
  });
});
