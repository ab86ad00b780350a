import { describe, expect, it, vi } from "vitest";
import { log } from "@/server/log";
import { mapUpstreamError } from "./error-mapping";

describe("mapUpstreamError", () => {
  it("carries a typed verification error's code in upstream_code beside our declared code, with its field and our own sentence", () => {
    const e = mapUpstreamError(422, { code: "KYC_INCOMPLETE", message: "Add the residential address.", field: "residential_address" });
    expect(e.toEnvelope()).toEqual({
      error: {
        code: "upstream_verification_error",
        upstream_code: "KYC_INCOMPLETE",
        message: "The customer's KYC record has no residential address, so card verification cannot be submitted yet.",
        field: "residential_address",
      },
    });
    expect(e.status).toBe(422);
  });

  it("never passes the upstream's text on: a card number and CVV in it stay out of the envelope", () => {
    const text = "Card 4111 1111 1111 1111 cvv 123 was declined by the issuer";
    for (const body of [
      { message: text, values: { number: "4111111111111111" } },
      { code: "CARD_NOT_AVAILABLE", message: text, field: "customer_id" },
      { code: "SOMETHING_NEW", message: text },
    ]) {
      for (const status of [400, 404, 409, 422, 503]) {
        const envelope = JSON.stringify(mapUpstreamError(status, body).toEnvelope());
        expect(envelope).not.toContain("4111");
        expect(envelope).not.toContain("declined by the issuer");
      }
    }
  });

  it("logs the upstream's text for the operator, masked", () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    mapUpstreamError(422, { message: "Card 4111-1111-1111-1111 cvv 123 refused", values: {} });
    const logged = JSON.stringify(warn.mock.calls);
    warn.mockRestore();
    expect(logged).toContain("•••••••1111");
    expect(logged).toContain("refused");
    expect(logged).not.toContain("4111-1111-1111-1111");
    expect(logged).not.toContain("123");
  });

  it("passes a code or field name only in our own shape", () => {
    const e = mapUpstreamError(409, { code: "4111 1111 1111 1111", message: "x", field: "<script>" });
    expect(e.code).toBe("upstream_verification_error");
    expect(e.upstreamCode).toBeUndefined();
    expect(e.field).toBeUndefined();
  });

  it("never passes a card number on in a field name or code, however it is split", () => {
    for (const body of [
      { code: "CARD_4111_1111_1111_1111", message: "x", field: "card_4111111111111111" },
      { message: "x", values: { card_4111111111111111: "invalid" } },
    ]) {
      for (const status of [400, 409, 422]) {
        const envelope = JSON.stringify(mapUpstreamError(status, body).toEnvelope());
        expect(envelope).not.toMatch(/4111/);
      }
    }
    const kept = mapUpstreamError(422, { code: "ERR_1001", message: "x", field: "address_line2" });
    expect([kept.upstreamCode, kept.field]).toEqual(["ERR_1001", "address_line2"]);
  });

  it("keeps a typed 503 as 503 with its upstream code (retry vs support is decided on it)", () => {
    const e = mapUpstreamError(503, { code: "VERIFICATION_TEMPORARILY_UNAVAILABLE", message: "Try later." });
    expect([e.status, e.code, e.upstreamCode]).toEqual([503, "upstream_verification_error", "VERIFICATION_TEMPORARILY_UNAVAILABLE"]);
  });

  it("turns the upstream's 401 into a 502, never the staff member's 401", () => {
    expect(mapUpstreamError(401, { message: "bad token", values: {} }).status).toBe(502);
  });

  it("treats another business's customer (403) as not found", () => {
    expect(mapUpstreamError(403, { message: "forbidden", values: {} }).status).toBe(404);
  });

  it.each([
    [404, 404, "not_found"],
    [429, 429, "upstream_rate_limited"],
    [500, 502, "upstream_error"],
    [503, 503, "upstream_unavailable"],
    [504, 504, "upstream_timeout"],
    [418, 502, "upstream_error"],
  ])("maps upstream %i to %i %s", (upstream, status, code) => {
    const e = mapUpstreamError(upstream, { message: "x", values: {} });
    expect([e.status, e.code]).toEqual([status, code]);
  });

  it("survives a body that is not JSON-shaped at all", () => {
    expect(mapUpstreamError(500, undefined).status).toBe(502);
    expect(mapUpstreamError(400, "<html>").status).toBe(400);
  });

  it("does not pass on an overly long upstream message", () => {
    const e = mapUpstreamError(400, { message: "x".repeat(1000), values: {} });
    expect(e.message.length).toBeLessThan(300);
  });
});
