import { describe, expect, it } from "vitest";
import { mapUpstreamError } from "./error-mapping";

describe("mapUpstreamError", () => {
  it("keeps a typed verification error's code, message and field", () => {
    const e = mapUpstreamError(422, { code: "KYC_INCOMPLETE", message: "Add the residential address.", field: "residential_address" });
    expect(e.toEnvelope()).toEqual({ error: { code: "KYC_INCOMPLETE", message: "Add the residential address.", field: "residential_address" } });
    expect(e.status).toBe(422);
  });

  it("keeps a typed 503 as 503 with its code (retry vs support is decided on it)", () => {
    const e = mapUpstreamError(503, { code: "VERIFICATION_TEMPORARILY_UNAVAILABLE", message: "Try later." });
    expect([e.status, e.code]).toEqual([503, "VERIFICATION_TEMPORARILY_UNAVAILABLE"]);
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
