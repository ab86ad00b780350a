import { describe, expect, it, vi } from "vitest";
import { z } from "@/lib/validation/zod";
import { callUpstream, type HttpConfig } from "./http";
import { fetchTransport, type FetchTransport } from "./transport";
import { TokenCache } from "./token-cache";

const schema = z.array(z.unknown());

function config(transport: FetchTransport, timeoutMs = 2_000): HttpConfig {
  const tokens = new TokenCache({ acquire: async () => ({ accessToken: "t", expiresAtMs: Date.now() + 3_600_000 }) });
  return { baseUrl: "http://api.test/api/v1", transport: fetchTransport(transport), tokens, timeoutMs, sleep: async () => {} };
}

describe("query parameters and a shared deadline on an upstream call", () => {
  it("encodes query values so they cannot add parameters or change the path", async () => {
    const seen: string[] = [];
    const transport = vi.fn<FetchTransport>(async (req) => {
      seen.push(req.url);
      return new Response("[]", { headers: { "Content-Type": "application/json" } });
    });
    await callUpstream(config(transport), {
      method: "GET",
      template: "/cards/{id}/transactions",
      params: { id: "card_1" },
      query: { page: "2", limit: "100" },
      schema,
    });
    await callUpstream(config(transport), {
      method: "GET",
      template: "/cards/{id}/transactions",
      params: { id: "card_1" },
      query: { page: "1&limit=1000#/../x" },
      schema,
    });
    expect(seen[0]).toBe("http://api.test/api/v1/cards/card_1/transactions?page=2&limit=100");
    const sneaky = new URL(seen[1]!);
    expect(sneaky.pathname).toBe("/api/v1/cards/card_1/transactions");
    expect([...sneaky.searchParams]).toEqual([["page", "1&limit=1000#/../x"]]);
  });

  it("ends by deadlineAt when that comes before the call's own timeout → 504", async () => {
    const hanging: FetchTransport = () => new Promise(() => {});
    const call = callUpstream(config(hanging, 60_000), { method: "GET", template: "/business", deadlineAt: Date.now() + 50, schema });
    await expect(call).rejects.toMatchObject({ status: 504, code: "upstream_timeout" });
  });

  it("does not start a call whose shared deadline has already passed", async () => {
    const transport = vi.fn<FetchTransport>(async () => new Response("[]"));
    await expect(
      callUpstream(config(transport), { method: "GET", template: "/business", deadlineAt: Date.now() - 1, schema }),
    ).rejects.toMatchObject({ status: 504 });
    expect(transport).not.toHaveBeenCalled();
  });
});
