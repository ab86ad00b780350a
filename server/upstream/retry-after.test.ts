import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isAppError, type AppError } from "@/lib/errors";
import { retryLaterOf } from "@/lib/retry-later";
import { z } from "@/lib/validation/zod";
import { errorResponse } from "@/server/http/respond";
import { refusedUnsent } from "./circuit-breaker";
import { callUpstream, type HttpConfig } from "./http";
import { poolTransport } from "./pool";
import { TokenCache } from "./token-cache";
import { fetchTransport, type Transport } from "./transport";

const schema = z.object({ id: z.string() });

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A peer answering every request with `status` and `Retry-After: retryAfter()`; counts what it was sent. */
async function peer(status: number, retryAfter: () => string): Promise<{ baseUrl: string; requests: () => number }> {
  let requests = 0;
  server = createServer((_req, res) => {
    requests += 1;
    res.writeHead(status, { "content-type": "application/json", "retry-after": retryAfter() });
    res.end(JSON.stringify({ message: "busy", values: {} }));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, requests: () => requests };
}

const transports: [string, (baseUrl: string) => Transport][] = [
  ["the pooled transport", (baseUrl) => poolTransport(baseUrl)],
  ["the fetch transport", () => fetchTransport((request) => fetch(request))],
];

function config(baseUrl: string, transport: Transport, overrides: Partial<HttpConfig> = {}): HttpConfig {
  const tokens = new TokenCache({ acquire: async () => ({ accessToken: "t", expiresAtMs: Date.now() + 3_600_000 }) });
  return { baseUrl, transport, tokens, timeoutMs: 2_000, ...overrides };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

const secondsOfAnswer = (error: unknown) => Number(errorResponse(error, "req-1").headers.get("Retry-After"));
const inTwoMinutes = () => new Date(Date.now() + 120_000).toUTCString();

describe.each(transports)("the upstream's Retry-After through %s", (_name, transportFor) => {
  it.each([
    ["120 seconds", () => "120"],
    ["an HTTP-date two minutes ahead", inTwoMinutes],
  ])(
    "a GET answered 503 with Retry-After of %s past the deadline is not retried, and the staff's 503 names the time",
    async (_what, header) => {
      const { baseUrl, requests } = await peer(503, header);
      const startedAt = Date.now();
      const error = await failure(callUpstream(config(baseUrl, transportFor(baseUrl)), { method: "GET", template: "/business", schema }));
      expect(requests()).toBe(1);
      expect(Date.now() - startedAt).toBeLessThan(1_000);
      expect(error).toMatchObject({ status: 503, code: "upstream_unavailable" });
      // Sent, so never taken for a call the breaker kept back (a POST's key stays spent).
      expect(refusedUnsent(error)).toBe(false);
      const retryAt = retryLaterOf(error)!.retryAt;
      expect(retryAt - Date.now()).toBeGreaterThan(115_000);
      expect(retryAt - Date.now()).toBeLessThanOrEqual(120_000);
      const seconds = secondsOfAnswer(error);
      expect(seconds).toBeGreaterThanOrEqual(118);
      expect(seconds).toBeLessThanOrEqual(120);
    },
  );

  it("a 429 with Retry-After is answered 429 with Retry-After", async () => {
    const { baseUrl, requests } = await peer(429, () => "30");
    const error = await failure(callUpstream(config(baseUrl, transportFor(baseUrl)), { method: "GET", template: "/business", schema }));
    expect(requests()).toBe(1);
    expect(error).toMatchObject({ status: 429, code: "upstream_rate_limited" });
    const response = errorResponse(error, "req-1");
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThanOrEqual(29);
    expect(Number(response.headers.get("Retry-After"))).toBeLessThanOrEqual(30);
  });

  it("a POST's 503 names the time too (never retried)", async () => {
    const { baseUrl, requests } = await peer(503, inTwoMinutes);
    const error = await failure(
      callUpstream(config(baseUrl, transportFor(baseUrl)), { method: "POST", template: "/business", body: {}, schema }),
    );
    expect(requests()).toBe(1);
    expect(secondsOfAnswer(error)).toBeGreaterThanOrEqual(118);
  });

  it("a GET retried within the deadline waits at least the time named, not the 100–300 ms backoff", async () => {
    const { baseUrl, requests } = await peer(503, () => "1");
    const sleep = vi.fn(async (_ms: number) => {});
    const error = await failure(
      callUpstream(config(baseUrl, transportFor(baseUrl), { timeoutMs: 5_000, sleep }), { method: "GET", template: "/business", schema }),
    );
    expect(requests()).toBe(3);
    expect(sleep).toHaveBeenCalledTimes(2);
    for (const [ms] of sleep.mock.calls) expect(ms).toBeGreaterThan(900);
    expect(secondsOfAnswer(error)).toBe(1);
  });

  it("a streamed GET's 503 carries the time as well", async () => {
    const { baseUrl, requests } = await peer(503, () => "120");
    const read = async (body: AsyncIterable<Uint8Array>) => {
      for await (const chunk of body) void chunk;
      return [];
    };
    const error = await failure(
      callUpstream(config(baseUrl, transportFor(baseUrl)), { method: "GET", template: "/cards/c/transactions", read }),
    );
    expect(requests()).toBe(1);
    expect(error.status).toBe(503);
    expect(secondsOfAnswer(error)).toBeGreaterThanOrEqual(118);
  });
});

describe("a Retry-After that is not a time", () => {
  it("is ignored: the GET is retried as before and the 503 names no time", async () => {
    const { baseUrl, requests } = await peer(503, () => "soon");
    const error = await failure(
      callUpstream(config(baseUrl, poolTransport(baseUrl), { sleep: async () => {} }), { method: "GET", template: "/business", schema }),
    );
    expect(requests()).toBe(3);
    expect(retryLaterOf(error)).toBeUndefined();
    expect(errorResponse(error, "req-1").headers.get("Retry-After")).toBeNull();
  });
});
