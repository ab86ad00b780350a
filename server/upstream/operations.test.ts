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

describe("an answer with text past its bound", () => {
  type Api = ReturnType<typeof upstreamAnswering>;
  const text = (n: number) => "x".repeat(n);
  const credit = {
    amount: 10.5,
    sender: { account_name: "A", account_number: "123", bank_code: "058", bank_name: "B", narration: "n", reference: "REF-1" },
  };
  // One text field of each kind of answer, its bound (lib/schemas/common.ts) and the call that gets it.
  const answers: [string, string, number, Record<string, unknown>, (api: Api) => Promise<unknown>][] = [
    ["a card transaction", "description", 1000, { id: "ctx_1" }, (api) => api.getCardTransaction("card_1", "ctx_1")],
    ["a transaction", "status", 64, { id: "txn_1" }, (api) => api.getTransaction("txn_1")],
    ["a bill", "detail", 1000, { id: "bill_1", bill: { token: "1234" } }, (api) => api.getBill("bill_1")],
    ["a collection", "account_name", 256, { id: "col_1" }, (api) => api.getCollection("col_1")],
    ["a BVN record", "residential_address", 1000, { bvn: "22222222222" }, (api) => api.lookupBvn("22222222222")],
    ["the business", "name", 256, { id: "biz_1" }, (api) => api.getBusiness()],
    ["a created card", "brand", 64, { id: "card_1", last4: "1234" }, (api) => api.createCard("cus_1")],
    ["a credit simulation", "message", 1000, { id: "txn_1" }, (api) => api.simulateCredit("8012345678", credit)],
    ["a contact update", "message", 1000, {}, (api) => api.updateCustomer("cus_1", { email: "a@example.com" })],
  ];

  it.each(answers)(
    "fails %s as an invalid answer (502) when %s is past %d characters, and serves it at the bound",
    async (_, field, max, base, call) => {
      await expect(call(upstreamAnswering({ ...base, [field]: text(max + 1) }))).rejects.toMatchObject(invalidAnswer);
      await expect(call(upstreamAnswering({ ...base, [field]: text(200_000) }))).rejects.toMatchObject(invalidAnswer);
      await expect(call(upstreamAnswering({ ...base, [field]: text(max) }))).resolves.toBeDefined();
    },
  );

  it("fails a verification check or submit whose status is 200,000 characters, like any status that is not one of the five", async () => {
    const api = upstreamAnswering({ customer_id: "cus_1", status: `APPROVED${text(200_000)}`, can_create_card: true });
    await expect(api.getCardVerification("cus_1")).rejects.toMatchObject(invalidAnswer);
    await expect(api.submitCardVerification("cus_1")).rejects.toMatchObject(invalidAnswer);
  });

  it("fails a bill category or its items when a name or code is past its bound, and serves one at it", async () => {
    await expect(upstreamAnswering([{ id: "b_1", name: text(257) }]).getBillCategory("cat_1")).rejects.toMatchObject(invalidAnswer);
    await expect(upstreamAnswering([{ id: "i_1", code: text(65) }]).getBillCategoryItems("cat_1", "b_1")).rejects.toMatchObject(
      invalidAnswer,
    );
    await expect(upstreamAnswering([{ id: "b_1", name: text(256) }]).getBillCategory("cat_1")).resolves.toHaveLength(1);
  });
});
