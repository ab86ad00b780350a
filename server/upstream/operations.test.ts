import { describe, expect, it, vi } from "vitest";
import { createUpstream } from "./client";
import { fetchTransport, type FetchTransport } from "./transport";

function upstreamWith(transport: FetchTransport) {
  return createUpstream({
    baseUrl: "http://api.test/api/v1",
    transport: fetchTransport(transport),
    credentials: { businessId: "biz", secretKey: "secret" },
    timeoutMs: 2_000,
  }).api;
}

const answer = (body: unknown) => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });

describe("POST /customers/{id}/update", () => {
  it("refuses an update with neither field with a 400 naming it, before any upstream call (not even for a token)", async () => {
    const transport = vi.fn<FetchTransport>(async () => answer({}));
    await expect(upstreamWith(transport).updateCustomer("cus_1", {})).rejects.toMatchObject({ status: 400, field: "email" });
    expect(transport).not.toHaveBeenCalled();
  });

  it("sends only the fields given", async () => {
    const bodies: unknown[] = [];
    const transport = vi.fn<FetchTransport>(async (request) => {
      if (new URL(request.url).pathname.endsWith("/auth")) return answer({ access_token: "t", expires_in: 3600 });
      bodies.push(await request.json());
      return answer({ message: "updated" });
    });
    await expect(upstreamWith(transport).updateCustomer("cus_1", { phone_number: "+14155550123" })).resolves.toEqual({
      message: "updated",
    });
    expect(bodies).toEqual([{ phone_number: "+14155550123" }]);
  });
});
