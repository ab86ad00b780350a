import { describe, expect, it } from "vitest";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { accessTokenResponseSchema, generalErrorSchema } from "@/lib/schemas";
import { SIMULATOR_CREDENTIALS } from "./seed/ids";
import { createSimulator } from "./simulator";
import { basicHeader, call, login, ROOT, setup } from "./test-support";

describe("POST /auth", () => {
  it("exchanges the business credentials for a HS256 JWT and its lifetime in unix seconds", async () => {
    const { sim, clock } = await setup({ tokenLifetimeSeconds: 5 });
    const r = await call(sim, "POST", "/auth", {
      headers: { Authorization: basicHeader(SIMULATOR_CREDENTIALS.businessId, SIMULATOR_CREDENTIALS.secretKey) },
    });
    expect(r.status).toBe(200);
    const body = accessTokenResponseSchema.parse(r.json);
    expect(body.token).toEqual({
      issued_at: Math.floor(clock.now() / 1000),
      expires_at: Math.floor(clock.now() / 1000) + 5,
      type: "Bearer",
    });
    expect(decodeProtectedHeader(body.access_token).alg).toBe("HS256");
    expect(decodeJwt(body.access_token).sub).toBe(SIMULATOR_CREDENTIALS.businessId);
  });

  it.each([
    ["a wrong secret", basicHeader(SIMULATOR_CREDENTIALS.businessId, "sk_wrong")],
    ["another business id", basicHeader("biz_other_002", SIMULATOR_CREDENTIALS.secretKey)],
    ["no colon", `Basic ${Buffer.from("biz_sandbox_001").toString("base64")}`],
    ["a bearer header", "Bearer abc"],
    ["nothing", undefined],
  ])("answers 401 with a general error for %s", async (_, authorization) => {
    const sim = createSimulator();
    const r = await call(sim, "POST", "/auth", { headers: authorization ? { Authorization: authorization } : {} });
    expect(r.status).toBe(401);
    expect(generalErrorSchema.parse(r.json)).toEqual({ message: expect.any(String), values: {} });
  });

  it("refuses a body (the spec says none)", async () => {
    const sim = createSimulator();
    const r = await call(sim, "POST", "/auth", {
      headers: { Authorization: basicHeader(SIMULATOR_CREDENTIALS.businessId, SIMULATOR_CREDENTIALS.secretKey) },
      body: { grant_type: "client_credentials" },
    });
    expect(r.status).toBe(400);
  });

  it("accepts credentials given in the options instead of the defaults", async () => {
    const credentials = { businessId: "biz_custom_9", secretKey: "sk_custom" };
    const sim = createSimulator({ credentials });
    await expect(login(sim)).rejects.toThrow(/401/);
    const token = await login(sim, credentials);
    const r = await call(sim, "GET", "/business", { token });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: "biz_custom_9" });
  });
});

describe("bearer authentication", () => {
  it("accepts a fresh token and refuses it once expired per the injected clock", async () => {
    const { sim, clock, api } = await setup({ tokenLifetimeSeconds: 3 });
    expect((await api("GET", "/business")).status).toBe(200);
    clock.advance(2_999);
    expect((await api("GET", "/business")).status).toBe(200);
    clock.advance(1);
    const r = await api("GET", "/business");
    expect(r.status).toBe(401);
    expect(generalErrorSchema.safeParse(r.json).success).toBe(true);
    expect(sim.stats.count("GET /business")).toBe(3);
  });

  it.each([
    ["no header", {}],
    ["a malformed token", { Authorization: "Bearer not-a-jwt" }],
    ["basic instead of bearer", { Authorization: basicHeader(SIMULATOR_CREDENTIALS.businessId, SIMULATOR_CREDENTIALS.secretKey) }],
  ])("answers 401 for %s", async (_, headers: Record<string, string>) => {
    const sim = createSimulator();
    const r = await sim.fetch(new Request(`${ROOT}/transactions/txn_usd_0001`, { headers }));
    expect(r.status).toBe(401);
    expect(await r.json()).toEqual({ message: expect.any(String), values: {} });
  });

  it("refuses its own token once its claims are rewritten (a later expiry, the signature kept)", async () => {
    const sim = createSimulator({ tokenLifetimeSeconds: 3 });
    const token = await login(sim);
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as { exp: number };
    const extended = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 })).toString("base64url");
    expect((await call(sim, "GET", "/business", { token })).status).toBe(200);
    expect((await call(sim, "GET", "/business", { token: `${header}.${extended}.${signature}` })).status).toBe(401);
  });

  it("refuses a token signed by another simulator (each has its own key)", async () => {
    const token = await login(createSimulator());
    const r = await call(createSimulator(), "GET", "/business", { token });
    expect(r.status).toBe(401);
  });
});
