import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // `server-only` throws outside React Server Components; under test it guards nothing.
      "server-only": fileURLToPath(new URL("./server/testing/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    include: ["{lib,server,components}/**/*.test.{ts,tsx}"],
    environment: "node",
    pool: "forks",
    testTimeout: 20_000,
    // Unit and route tests run against the embedded simulator and an in-memory database.
    env: { DATABASE_URL: "memory:", BUSINESS_API_ENVIRONMENT: "sandbox", LOG_LEVEL: "silent", AUTH_SECRET: "unit-test-auth-secret-0123456789abcdef" },
    hookTimeout: 60_000,
  },
});
