import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

const production = {
  BUSINESS_API_ENVIRONMENT: "production",
  BUSINESS_API_BASE_URL: "https://api.example.com/api/v1",
  BUSINESS_ID: "biz",
  BUSINESS_SECRET_KEY: "sk",
  AUTH_SECRET: "x".repeat(32),
  DATABASE_URL: "postgres://app:pw@db:5432/backoffice",
};

describe("NEXTAUTH_URL, the public URL the auth cookies follow", () => {
  it("takes an https address in the sandbox (a staging deployment) as in production", () => {
    expect(parseEnv({ NEXTAUTH_URL: "https://staging.backoffice.example.com" }).publicUrl).toBe("https://staging.backoffice.example.com");
    expect(parseEnv({ ...production, NEXTAUTH_URL: "https://backoffice.example.com" }).publicUrl).toBe("https://backoffice.example.com");
  });

  it("is optional in the sandbox, where next-auth falls back to http://localhost", () => {
    expect(parseEnv({}).publicUrl).toBeNull();
  });

  it("allows plain http in production only on a loopback address (localhost, 127.0.0.0/8, [::1])", () => {
    for (const url of ["http://localhost:3000", "http://127.0.0.1:3000", "http://127.8.9.10", "http://[::1]:3000"]) {
      expect(parseEnv({ ...production, NEXTAUTH_URL: url }).publicUrl, url).toBe(url);
    }
  });

  it("stops a production start-up with a plain-http public address elsewhere, naming NEXTAUTH_URL", () => {
    for (const url of [
      "http://backoffice.example.com",
      "http://10.0.0.5:3000",
      "http://128.0.0.1",
      "http://localhost.example.com",
      "http://[::2]",
    ]) {
      expect(() => parseEnv({ ...production, NEXTAUTH_URL: url }), url).toThrow(
        /NEXTAUTH_URL must be https \(plain http only for a loopback address/,
      );
    }
  });

  it("stops a production start-up without one, naming NEXTAUTH_URL", () => {
    expect(() => parseEnv(production)).toThrow(/NEXTAUTH_URL is required in production/);
  });
});
