import { describe, expect, it, vi } from "vitest";
import { z } from "@/lib/validation/zod";
import { AppError } from "@/lib/errors";
import { callUpstream, type HttpConfig } from "./http";
import { fetchTransport, MAX_WHOLE_BODY_BYTES, type FetchTransport as Transport } from "./transport";
import { TokenCache } from "./token-cache";

const schema = z.object({ id: z.string() });

function setup(transport: Transport, overrides: Partial<Omit<HttpConfig, "transport">> = {}) {
  let n = 0;
  const acquire = vi.fn(async () => ({ accessToken: `token-${++n}`, expiresAtMs: Date.now() + 3_600_000 }));
  const tokens = new TokenCache({ acquire });
  const config: HttpConfig = {
    baseUrl: "http://api.test/api/v1",
    transport: fetchTransport(transport),
    tokens,
    timeoutMs: 2_000,
    sleep: async () => {},
    ...overrides,
  };
  return { config, acquire };
}

const ok = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("callUpstream", () => {
  it("sends the bearer token and parses the answer", async () => {
    const transport = vi.fn<Transport>(async (req) => {
      expect(req.headers.get("authorization")).toBe("Bearer token-1");
      expect(req.url).toBe("http://api.test/api/v1/transactions/txn_1");
      return ok({ id: "txn_1" });
    });
    const { config } = setup(transport);
    const result = await callUpstream(config, { method: "GET", template: "/transactions/{id}", params: { id: "txn_1" }, schema });
    expect(result.data).toEqual({ id: "txn_1" });
  });

  it("on a 401 drops the token, acquires a new one and replays once", async () => {
    const seen: string[] = [];
    const transport: Transport = async (req) => {
      seen.push(req.headers.get("authorization") ?? "");
      return seen.length === 1 ? ok({ message: "expired", values: {} }, 401) : ok({ id: "x" });
    };
    const { config, acquire } = setup(transport);
    await callUpstream(config, { method: "POST", template: "/business", body: {}, schema });
    expect(seen).toEqual(["Bearer token-1", "Bearer token-2"]);
    expect(acquire).toHaveBeenCalledTimes(2);
  });

  it("a second 401 is a 502 naming upstream authentication, not a loop", async () => {
    const transport = vi.fn<Transport>(async () => ok({ message: "no", values: {} }, 401));
    const { config } = setup(transport);
    const error = await failure(callUpstream(config, { method: "GET", template: "/business", schema }));
    expect(error.status).toBe(502);
    expect(error.code).toBe("upstream_authentication_failed");
    expect(transport).toHaveBeenCalledTimes(2);
  });

  it("retries a GET on 503 at most twice", async () => {
    const transport = vi.fn<Transport>(async () => ok({ message: "busy", values: {} }, 503));
    const { config } = setup(transport);
    const error = await failure(callUpstream(config, { method: "GET", template: "/business", schema }));
    expect(error.status).toBe(503);
    expect(transport).toHaveBeenCalledTimes(3);
  });

  it("retries a GET after a network error and succeeds", async () => {
    let calls = 0;
    const transport: Transport = async () => {
      if (++calls === 1) throw new TypeError("fetch failed");
      return ok({ id: "x" });
    };
    const { config } = setup(transport);
    await expect(callUpstream(config, { method: "GET", template: "/business", schema })).resolves.toMatchObject({ data: { id: "x" } });
  });

  it("never retries a POST", async () => {
    const transport = vi.fn<Transport>(async () => ok({ message: "busy", values: {} }, 503));
    const { config } = setup(transport);
    await failure(callUpstream(config, { method: "POST", template: "/business", body: {}, schema }));
    expect(transport).toHaveBeenCalledTimes(1);
    const dropping = vi.fn<Transport>(async () => {
      throw new TypeError("fetch failed");
    });
    const error = await failure(callUpstream(setup(dropping).config, { method: "POST", template: "/business", body: {}, schema }));
    expect(error.code).toBe("upstream_unreachable");
    expect(dropping).toHaveBeenCalledTimes(1);
  });

  it("bounds the whole call by the deadline → 504", async () => {
    const transport: Transport = () => new Promise(() => {});
    const { config } = setup(transport, { timeoutMs: 50 });
    const error = await failure(callUpstream(config, { method: "GET", template: "/business", schema }));
    expect(error.status).toBe(504);
  });

  it("does not follow redirects", async () => {
    const transport = vi.fn<Transport>(async (req) => {
      expect(req.redirect).toBe("manual");
      return new Response(null, { status: 302, headers: { Location: "http://evil.test/" } });
    });
    const error = await failure(callUpstream(setup(transport).config, { method: "GET", template: "/business", schema }));
    expect(error.code).toBe("upstream_redirected");
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it("answers 502 for an answer too large to be one, without buffering it all", async () => {
    let sent = 0;
    const endless: Transport = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            sent += 1024 * 1024;
            controller.enqueue(new Uint8Array(1024 * 1024).fill(32));
          },
        }),
      );
    const error = await failure(callUpstream(setup(endless).config, { method: "GET", template: "/business", schema }));
    expect(error.code).toBe("upstream_invalid_response");
    expect(sent).toBeLessThan(MAX_WHOLE_BODY_BYTES + 4 * 1024 * 1024);
  });

  it("answers 502 for a non-JSON or wrongly shaped body, without crashing", async () => {
    const html: Transport = async () => new Response("<html>oops</html>", { status: 200 });
    expect((await failure(callUpstream(setup(html).config, { method: "GET", template: "/business", schema }))).code).toBe(
      "upstream_invalid_response",
    );
    const wrong: Transport = async () => ok({ id: 42 });
    expect((await failure(callUpstream(setup(wrong).config, { method: "GET", template: "/business", schema }))).status).toBe(502);
  });

  it("reads a body that starts with a UTF-8 byte order mark (RFC 8259 §8.1)", async () => {
    const marked: Transport = async () => new Response(`\uFEFF${JSON.stringify({ id: "x" })}`, { status: 200 });
    await expect(callUpstream(setup(marked).config, { method: "GET", template: "/business", schema })).resolves.toMatchObject({
      data: { id: "x" },
    });
  });

  it.each([
    ["204", () => new Response(null, { status: 204 })],
    ["205", () => new Response(null, { status: 205 })],
    ["an empty 200", () => new Response("", { status: 200 })],
  ])("takes a success with no body (%s) as {} for an answer whose fields are all optional", async (_, answer) => {
    const optional = z.object({ message: z.string().optional() });
    const result = await callUpstream(setup(async () => answer()).config, {
      method: "POST",
      template: "/customers/{id}/update",
      params: { id: "cus_1" },
      body: { email: "a@example.com" },
      schema: optional,
    });
    expect(result.data).toEqual({});
  });

  it("still answers 502 for a success with no body where the answer must have fields", async () => {
    const empty = vi.fn<Transport>(async () => new Response(null, { status: 204 }));
    const error = await failure(callUpstream(setup(empty).config, { method: "GET", template: "/business", schema }));
    expect(error.code).toBe("upstream_invalid_response");
    // A 204 is an answer, not a failure to retry.
    expect(empty).toHaveBeenCalledTimes(1);
  });

  it("refuses a bad path parameter before any call", async () => {
    const transport = vi.fn<Transport>();
    const error = await failure(
      callUpstream(setup(transport).config, { method: "GET", template: "/bills/{id}", params: { id: "../business" }, schema }),
    );
    expect(error.status).toBe(400);
    expect(error.field).toBe("id");
    expect(transport).not.toHaveBeenCalled();
  });
});

describe("callUpstream, rate-limited checks", () => {
  it("does not retry a GET marked retry: false (its 503 code must reach the staff member)", async () => {
    const transport = vi.fn<Transport>(async () => ok({ code: "VERIFICATION_TEMPORARILY_UNAVAILABLE", message: "Try later." }, 503));
    const error = await failure(callUpstream(setup(transport).config, { method: "GET", template: "/business", schema, retry: false }));
    expect([error.status, error.code, error.upstreamCode]).toEqual([
      503,
      "upstream_verification_error",
      "VERIFICATION_TEMPORARILY_UNAVAILABLE",
    ]);
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it("keeps the upstream code of a 503 whose body starts with a byte order mark, read whole or streamed", async () => {
    const marked: Transport = async () =>
      new Response(`\uFEFF${JSON.stringify({ code: "VERIFICATION_TEMPORARILY_UNAVAILABLE", message: "Try later." })}`, { status: 503 });
    const whole = await failure(callUpstream(setup(marked).config, { method: "GET", template: "/business", schema, retry: false }));
    const streamed = await failure(
      callUpstream(setup(marked).config, { method: "GET", template: "/business", read: async () => "unused", retry: false }),
    );
    for (const error of [whole, streamed])
      expect([error.status, error.code, error.upstreamCode]).toEqual([
        503,
        "upstream_verification_error",
        "VERIFICATION_TEMPORARILY_UNAVAILABLE",
      ]);
  });
});
