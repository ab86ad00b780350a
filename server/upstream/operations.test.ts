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

/** An upstream that answers `body` to every operation (and a token to `POST /auth`). */
function upstreamAnswering(body: unknown, status = 200) {
  return upstreamWith(
    vi.fn<FetchTransport>(async (request) =>
      new URL(request.url).pathname.endsWith("/auth")
        ? answer({ access_token: "t", expires_in: 3600 })
        : new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
    ),
  );
}

const invalidAnswer = { status: 502, code: "upstream_invalid_response" };

describe("an answer about another object than the one requested", () => {
  const verification = (customer_id: string) => ({ customer_id, status: "approved", can_create_card: true });

  it("is refused (502) for a card-verification check or submit, so it is never read as the requested customer's approval", async () => {
    const api = upstreamAnswering(verification("cus_someone_else"));
    await expect(api.getCardVerification("cus_X")).rejects.toMatchObject(invalidAnswer);
    await expect(api.submitCardVerification("cus_X")).rejects.toMatchObject(invalidAnswer);
    await expect(upstreamAnswering(verification("cus_X")).getCardVerification("cus_X")).resolves.toMatchObject({
      data: { customer_id: "cus_X", status: "APPROVED" },
    });
  });

  it.each([
    ["a transaction", (api: ReturnType<typeof upstreamAnswering>) => api.getTransaction("txn_usd_0001")],
    ["a bill", (api: ReturnType<typeof upstreamAnswering>) => api.getBill("txn_usd_0001")],
    ["a collection", (api: ReturnType<typeof upstreamAnswering>) => api.getCollection("txn_usd_0001")],
    ["a card transaction", (api: ReturnType<typeof upstreamAnswering>) => api.getCardTransaction("card_1", "txn_usd_0001")],
  ])("is refused (502) for %s read by id, and the right one is served", async (_, read) => {
    await expect(read(upstreamAnswering({ id: "txn_someone_else" }))).rejects.toMatchObject(invalidAnswer);
    await expect(read(upstreamAnswering({ id: "txn_usd_0001" }))).resolves.toMatchObject({ id: "txn_usd_0001" });
  });

  it("is refused (502) for a BVN lookup that returns another person's record", async () => {
    await expect(upstreamAnswering({ bvn: "22233344455", first_name: "Other" }).lookupBvn("22222222222")).rejects.toMatchObject(
      invalidAnswer,
    );
    await expect(upstreamAnswering({ bvn: "22222222222" }).lookupBvn("22222222222")).resolves.toMatchObject({ bvn: "22222222222" });
    // Another person's number in another script or spacing is still another person's.
    for (const other of ["２２２３３３４４４５５", "٢٢٢٣٣٣٤٤٤٥٥", "222 333 444 55"])
      await expect(upstreamAnswering({ bvn: other }).lookupBvn("22222222222")).rejects.toMatchObject(invalidAnswer);
  });

  it("serves a BVN record whose echo is the same number reshaped, or masked", async () => {
    for (const echo of ["２２２２２２２２２２２", "222 2222 2222", "222****2222", "*******2222"])
      await expect(upstreamAnswering({ bvn: echo }).lookupBvn("22222222222")).resolves.toMatchObject({ bvn: echo });
  });

  it("is refused (502) for a card, or a legacy verification status, issued for another customer", async () => {
    await expect(
      upstreamAnswering({ id: "card_1", customer_id: "cus_someone_else", last4: "1234" }).createCard("cus_X"),
    ).rejects.toMatchObject(invalidAnswer);
    await expect(upstreamAnswering(verification("cus_someone_else")).createCard("cus_X")).rejects.toMatchObject(invalidAnswer);
    // A card answer that does not name its customer is not a mismatch (the spec shows no card record).
    await expect(upstreamAnswering({ id: "card_1", last4: "1234" }).createCard("cus_X")).resolves.toMatchObject({
      result: { kind: "card", card: { id: "card_1", customer_id: null } },
    });
  });
});
