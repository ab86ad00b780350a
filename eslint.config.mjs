import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", ".data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Env is read in server/env.ts only.
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through server/env.ts." }],
    },
  },
  {
    files: ["server/env.ts", "server/env.test.ts", "server/log.ts", "server/startup.ts", "instrumentation.ts", "playwright.config.ts", "e2e/**", "vitest.config.ts", "server/simulator/main.ts", "server/auth/staff-cli.ts", "**/*.test.ts"],
    rules: { "no-restricted-properties": "off" },
  },
];

export default config;
