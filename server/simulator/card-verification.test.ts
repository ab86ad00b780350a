import { describe, expect, it, vi } from "vitest";
import { cardVerificationSchema, generalErrorSchema, verificationErrorSchema } from "@/lib/schemas";
import { SEED } from "./seed/ids";
import { call, login, setup } from "./test-support";

const c = SEED.customers;
const path = (id: string) => `/customers/${id}/card-verification`;

describe("GET /customers/{id}/card-verification", () => {
  it.each([
    [c.notSubmitted, "NOT_SUBMITTED", false],
    [c.pending, "PENDING", false],
    [c.approved, "APPROVED", true],
    [c.rejected, "REJECTED", false],
    [c.reconciliation, "RECONCILIATION_REQUIRED", false],
  ])("answers 200 no-store with the saved status of %s", async (id, status, canCreate) => {
    const { api } = await setup();
    const r = await api("GET", path(id));
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(cardVerificationSchema.parse(r.json)).toEqual({ customer_id: id, status, can_create_card: canCreate });
  });

  it("allows one check per interval per customer, shared by all callers (429 with retry_after_seconds)", async () => {
    const { sim, clock, api } = await setup();
    const otherCaller = await login(sim);
    expect((await api("GET", path(c.approved))).status).toBe(200);
    clock.advance(15_000);
    const limited = await call(sim, "GET", path(c.approved), { token: otherCaller });
    expect(limited.status).toBe(429);
    expect(generalErrorSchema.parse(limited.json).values).toEqual({ retry_after_seconds: 45 });
    expect(limited.headers.get("retry-after")).toBe("45");
    // Another customer has its own budget.
    expect((await call(sim, "GET", path(c.pending), { token: otherCaller })).status).toBe(200);
    clock.advance(45_000);
    expect((await call(sim, "GET", path(c.approved), { token: otherCaller })).status).toBe(200);
  });

  it.each([
    [c.unavailable, "VERIFICATION_TEMPORARILY_UNAVAILABLE", /try again/i],
    [c.support, "VERIFICATION_PROVIDER_ERROR", /contact support/i],
  ])("answers 503 with a typed error for %s", async (id, code, message) => {
    const { api } = await setup();
    const r = await api("GET", path(id));
    expect(r.status).toBe(503);
    const body = verificationErrorSchema.parse(r.json);
    expect(body.code).toBe(code);
    expect(body.message).toMatch(message);
  });

  it("answers 403 (general) for a customer of another business and 404 for an unknown one", async () => {
    const { api } = await setup();
    const other = await api("GET", path(c.otherBusiness));
    expect(other.status).toBe(403);
    expect(generalErrorSchema.safeParse(other.json).success).toBe(true);
    expect((await api("GET", path("cus_nobody"))).status).toBe(404);
  });
});

describe("POST /customers/{id}/card-verification", () => {
  it("starts a verification from NOT_SUBMITTED: 202 PENDING, cannot create a card, then reuses it", async () => {
    const { api } = await setup();
    const first = await api("POST", path(c.notSubmitted));
    expect(first.status).toBe(202);
    expect(first.json).toEqual({ customer_id: c.notSubmitted, status: "PENDING", can_create_card: false });
    const again = await api("POST", path(c.notSubmitted));
    expect(again.status).toBe(202);
    expect(again.json).toEqual(first.json);
  });

  it("reuses an approval: 200 APPROVED with can_create_card true", async () => {
    const { api } = await setup();
    const r = await api("POST", path(c.approved));
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ customer_id: c.approved, status: "APPROVED", can_create_card: true });
  });

  it("reuses a pending verification (202)", async () => {
    const { api } = await setup();
    const r = await api("POST", path(c.pending));
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({ status: "PENDING", can_create_card: false });
  });

  it.each([
    [c.rejected, 409, "VERIFICATION_REJECTED", undefined],
    [c.reconciliation, 409, "RECONCILIATION_REQUIRED", undefined],
    [c.kycIncomplete, 422, "KYC_INCOMPLETE", "residential_address"],
    [c.noDocument, 422, "KYC_INCOMPLETE", "identity_document"],
    [c.nigerian, 422, "VERIFICATION_NOT_APPLICABLE", "nationality"],
    [c.corporate, 422, "VERIFICATION_NOT_APPLICABLE", "type"],
    [c.unavailable, 503, "VERIFICATION_TEMPORARILY_UNAVAILABLE", undefined],
    [c.support, 503, "VERIFICATION_PROVIDER_ERROR", undefined],
  ])("answers %s with %i %s", async (id, status, code, field) => {
    const { api } = await setup();
    const r = await api("POST", path(id));
    expect(r.status).toBe(status);
    const body = verificationErrorSchema.parse(r.json);
    expect(body.code).toBe(code);
    expect(body.field ?? undefined).toBe(field);
  });

  it("tells Nigerian customers they are verified when the card is created", async () => {
    const { api } = await setup();
    const r = await api("POST", path(c.nigerian));
    expect(verificationErrorSchema.parse(r.json).message).toMatch(/Nigerian customers are verified when the card is created/);
  });

  it.each([["{}"], ['{"customer_id":"cus_not_submitted"}'], ["x"]])("refuses a body (%s) with 400 and starts nothing", async (rawBody) => {
    const { api } = await setup();
    const r = await api("POST", path(c.notSubmitted), { rawBody, headers: { "Content-Type": "application/json" } });
    expect(r.status).toBe(400);
    expect(generalErrorSchema.safeParse(r.json).success).toBe(true);
    expect((await api("GET", path(c.notSubmitted))).json).toMatchObject({ status: "NOT_SUBMITTED" });
  });

  it("answers 403 for a customer of another business", async () => {
    const { api } = await setup();
    expect((await api("POST", path(c.otherBusiness))).status).toBe(403);
  });

  it("never creates a card", async () => {
    const { sim, api } = await setup();
    await api("POST", path(c.notSubmitted));
    await api("POST", path(c.approved));
    expect((await api("GET", "/cards/card_new_0001/transactions")).status).toBe(404);
    expect(sim.stats.count("POST /cards")).toBe(0);
  });
});

describe("the decision of a pending verification", () => {
  it("arrives after the delay, once, and a GET then reports it", async () => {
    const onVerificationDecision = vi.fn();
    const { sim, clock, api } = await setup({ verificationDecisionDelayMs: 20_000, onVerificationDecision });
    await api("POST", path(c.notSubmitted));
    clock.advance(19_999);
    sim.tick();
    expect(onVerificationDecision).not.toHaveBeenCalled();
    expect((await api("GET", path(c.notSubmitted))).json).toMatchObject({ status: "PENDING" });
    clock.advance(1);
    sim.tick();
    sim.tick();
    expect(onVerificationDecision).toHaveBeenCalledTimes(1);
    expect(onVerificationDecision).toHaveBeenCalledWith({
      eventId: expect.stringMatching(/^evt_/),
      customerId: c.notSubmitted,
      status: "APPROVED",
      canCreateCard: true,
      decidedAt: new Date(clock.now()).toISOString(),
    });
    clock.advance(60_000);
    expect((await api("GET", path(c.notSubmitted))).json).toEqual({
      customer_id: c.notSubmitted,
      status: "APPROVED",
      can_create_card: true,
    });
    expect((await api("POST", path(c.notSubmitted))).status).toBe(200);
  });

  it("is decided lazily by the next request, and cus_will_reject is rejected (then 409)", async () => {
    const events: unknown[] = [];
    const { clock, api } = await setup({ verificationDecisionDelayMs: 1_000, onVerificationDecision: (e) => events.push(e) });
    await api("POST", path(c.willReject));
    await api("POST", path(c.notSubmitted));
    clock.advance(1_000);
    const r = await api("POST", path(c.willReject));
    expect(r.status).toBe(409);
    expect(events).toHaveLength(2);
    expect(events).toContainEqual(expect.objectContaining({ customerId: c.willReject, status: "REJECTED", canCreateCard: false }));
    const ids = events.map((e) => (e as { eventId: string }).eventId);
    expect(new Set(ids).size).toBe(2);
  });

  it("is decided by a real-time timer too, and close() cancels it", async () => {
    const decided = vi.fn();
    const { api, sim } = await setup({ verificationDecisionDelayMs: 30, now: Date.now, onVerificationDecision: decided });
    await api("POST", path(c.notSubmitted));
    await vi.waitFor(() => expect(decided).toHaveBeenCalledTimes(1), { timeout: 2_000 });
    await api("POST", path(c.willReject));
    sim.close();
    await new Promise((r) => setTimeout(r, 80));
    expect(decided).toHaveBeenCalledTimes(1);
  });

  it("leaves cus_pending under review, and keeps the pending state through 503s", async () => {
    const decided = vi.fn();
    const { sim, clock, api } = await setup({ onVerificationDecision: decided });
    clock.advance(3_000_000); // well past any decision delay, still inside the token's hour
    sim.tick();
    expect(decided).not.toHaveBeenCalled();
    expect((await api("POST", path(c.pending))).status).toBe(202);
    expect((await api("GET", path(c.unavailable))).status).toBe(503);
  });

  it("a contact update does not restart or change a pending verification", async () => {
    const { api } = await setup();
    await api("POST", path(c.notSubmitted));
    const update = await api("POST", `/customers/${c.notSubmitted}/update`, { body: { email: "emily.new@example.com" } });
    expect(update.status).toBe(200);
    expect((await api("POST", path(c.notSubmitted))).json).toMatchObject({ status: "PENDING" });
  });
});
