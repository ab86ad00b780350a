import { describe, expect, it } from "vitest";
import { createdCardSchema, generalErrorSchema, parseCreateCardResponse, verificationErrorSchema } from "@/lib/schemas";
import { SEED } from "./seed/ids";
import { setup } from "./test-support";

const c = SEED.customers;
const cardRequest = (customer_id: string) => ({ customer_id, type: "DEFAULT", currency: "USD" });

describe("POST /cards", () => {
  it("creates a card for an approved customer (201), which then exists with no transactions", async () => {
    const { api } = await setup();
    const r = await api("POST", "/cards", { body: cardRequest(c.approved) });
    expect(r.status).toBe(201);
    const card = createdCardSchema.parse(r.json);
    expect(card).toEqual({
      id: "card_new_0001",
      customer_id: c.approved,
      type: "DEFAULT",
      currency: "USD",
      status: "ACTIVE",
      brand: "VISA",
      last4: expect.stringMatching(/^\d{4}$/),
    });
    expect(parseCreateCardResponse(r.json).kind).toBe("card");
    const transactions = await api("GET", `/cards/${card.id}/transactions`);
    expect(transactions).toMatchObject({ status: 200, json: [] });
  });

  it("creates a Nigerian customer's card synchronously", async () => {
    const { api } = await setup();
    const r = await api("POST", "/cards", { body: cardRequest(c.nigerian) });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ customer_id: c.nigerian, status: "ACTIVE" });
  });

  it("legacy path: from NOT_SUBMITTED it starts verification, answers 202 PENDING and creates no card", async () => {
    const { api } = await setup();
    const r = await api("POST", "/cards", { body: cardRequest(c.notSubmitted) });
    expect(r.status).toBe(202);
    expect(r.json).toEqual({ customer_id: c.notSubmitted, status: "PENDING", can_create_card: false });
    expect(parseCreateCardResponse(r.json).kind).toBe("verification");
    expect((await api("GET", "/cards/card_new_0001/transactions")).status).toBe(404);
    // The verification it started is the same one the dedicated endpoint sees.
    expect((await api("POST", `/customers/${c.notSubmitted}/card-verification`)).status).toBe(202);
    const again = await api("POST", "/cards", { body: cardRequest(c.notSubmitted) });
    expect(again.status).toBe(202);
    expect((await api("GET", "/cards/card_new_0001/transactions")).status).toBe(404);
  });

  it("creates the card once the legacy-started verification is approved", async () => {
    const { api, clock } = await setup({ verificationDecisionDelayMs: 5_000 });
    await api("POST", "/cards", { body: cardRequest(c.notSubmitted) });
    clock.advance(5_000);
    expect((await api("POST", "/cards", { body: cardRequest(c.notSubmitted) })).status).toBe(201);
  });

  it.each([
    [c.rejected, 409, "VERIFICATION_REJECTED", undefined],
    [c.reconciliation, 409, "RECONCILIATION_REQUIRED", undefined],
    [c.kycIncomplete, 422, "KYC_INCOMPLETE", "residential_address"],
    [c.noDocument, 422, "KYC_INCOMPLETE", "identity_document"],
    [c.unavailable, 503, "VERIFICATION_TEMPORARILY_UNAVAILABLE", undefined],
  ])("refuses %s with %i %s", async (id, status, code, field) => {
    const { api } = await setup();
    const r = await api("POST", "/cards", { body: cardRequest(id) });
    expect(r.status).toBe(status);
    const body = verificationErrorSchema.parse(r.json);
    expect(body).toMatchObject({ code });
    expect(body.field ?? undefined).toBe(field);
  });

  it("a pending customer gets 202 and no card", async () => {
    const { api } = await setup();
    const r = await api("POST", "/cards", { body: cardRequest(c.pending) });
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({ status: "PENDING", can_create_card: false });
  });

  it("answers 403 for another business's customer and 404 for an unknown one", async () => {
    const { api } = await setup();
    expect((await api("POST", "/cards", { body: cardRequest(c.otherBusiness) })).status).toBe(403);
    expect((await api("POST", "/cards", { body: cardRequest("cus_nobody") })).status).toBe(404);
  });

  it.each([
    [{ customer_id: c.approved, type: "VIRTUAL", currency: "USD" }, "type"],
    [{ customer_id: c.approved, type: "DEFAULT", currency: "NGN" }, "currency"],
    [{ type: "DEFAULT", currency: "USD" }, "customer_id"],
    [{ customer_id: 42, type: "DEFAULT", currency: "USD" }, "customer_id"],
    [{ customer_id: "cus/../x", type: "DEFAULT", currency: "USD" }, "customer_id"],
    [{ ...cardRequest(c.approved), amount: 10 }, "amount"],
  ])("validates the body strictly: %j → 400 naming %s", async (body, field) => {
    const { api } = await setup();
    const r = await api("POST", "/cards", { body });
    expect(r.status).toBe(400);
    expect(Object.keys(generalErrorSchema.parse(r.json).values ?? {})).toContain(field);
  });

  it("refuses a body that is not JSON, or not sent as JSON", async () => {
    const { api } = await setup();
    expect((await api("POST", "/cards", { rawBody: "{", headers: { "Content-Type": "application/json" } })).status).toBe(400);
    expect(
      (await api("POST", "/cards", { rawBody: JSON.stringify(cardRequest(c.approved)), headers: { "Content-Type": "text/plain" } })).status,
    ).toBe(400);
  });
});
