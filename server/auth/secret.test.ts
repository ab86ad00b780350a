import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

const SECRET_FILE = path.join(process.cwd(), ".data", "auth-secret");

async function authSecretWith(vars: Record<string, string>): Promise<string> {
  vi.resetModules();
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  const { authSecret } = await import("./secret");
  return authSecret();
}

/** The generated secret's file as it is now (absent, or its modification time): a refusal must leave it so. */
function secretFileState(): string {
  return existsSync(SECRET_FILE) ? String(statSync(SECRET_FILE).mtimeMs) : "absent";
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("authSecret()", () => {
  it("is AUTH_SECRET when set", async () => {
    expect(await authSecretWith({ AUTH_SECRET: "a-configured-secret-0123456789abcdef" })).toBe("a-configured-secret-0123456789abcdef");
  });

  it("generates none where instances share a database or the upstream is real: it names AUTH_SECRET and why", async () => {
    const before = secretFileState();
    await expect(authSecretWith({ AUTH_SECRET: "", DATABASE_URL: "postgres://app@127.0.0.1:1/shared" })).rejects.toThrow(
      /AUTH_SECRET is required with a PostgreSQL DATABASE_URL/,
    );
    await expect(
      authSecretWith({
        AUTH_SECRET: "",
        DATABASE_URL: "memory:",
        BUSINESS_API_BASE_URL: "https://api.payments.example.com/api/v1",
        BUSINESS_ID: "biz_live",
        BUSINESS_SECRET_KEY: "sk_live_0123456789",
      }),
    ).rejects.toThrow(/AUTH_SECRET is required with BUSINESS_API_BASE_URL set/);
    expect(secretFileState()).toBe(before);
  });
});
