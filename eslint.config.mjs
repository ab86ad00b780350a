import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * The layers, kept by lint rather than by habit: lib/ is shared by both sides and imports neither;
 * components/ run in the browser and never reach the server; server/ never renders. Imports go
 * through `@/` (a sibling may use `./`), so a moved file is found by search.
 */
const parentImport = { group: ["../*", "../**"], message: "Import with `@/` (a sibling in the same folder may use `./`)." };
// zod's own `z` holds all its locales, and the browser would fetch them: see lib/validation/zod.ts.
const zodImport = { name: "zod", message: 'Import { z } from "@/lib/validation/zod", which leaves zod\'s locales out of the browser.' };
const layer = (forbidden, why, paths = []) => ({
  "no-restricted-imports": [
    "error",
    {
      paths: [zodImport, ...paths],
      patterns: [
        parentImport,
        { group: ["zod/*"], message: zodImport.message },
        ...forbidden.map((folder) => ({ group: [`@/${folder}/*`, `@/${folder}`], message: `${why} (${folder}/ is out of reach).` })),
      ],
    },
  ],
});

const COMPONENTS_WHY = "components/ never reach the server; take what they need as props or from lib/";

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
      "no-restricted-syntax": ["error", { selector: "ImportExpression[source.value=/^zod(\\/|$)/]", message: zodImport.message }],
    },
  },
  {
    files: [
      "server/env.ts",
      "server/env.test.ts",
      "server/log.ts",
      "server/startup.ts",
      "instrumentation.ts",
      "playwright.config.ts",
      "e2e/**",
      "vitest.config.ts",
      "next.config.mjs",
      "server/simulator/main.ts",
      "server/auth/staff-cli.ts",
      "**/*.test.ts",
    ],
    rules: { "no-restricted-properties": "off" },
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    rules: layer(
      ["server", "components", "app"],
      "lib/ is shared by server and browser and imports neither side; move the shared type here",
    ),
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: layer(["server", "app"], COMPONENTS_WHY, [
      {
        name: "@/lib/format/dates",
        importNames: ["formatDateTime"],
        // A time formatted by hand in a component was shown in the browser's zone, not the member's.
        message: "Show a time with <DateTime> (components/ui): it uses the member's chosen zone.",
      },
    ]),
  },
  { files: ["components/ui/date-time.tsx"], rules: layer(["server", "app"], COMPONENTS_WHY) },
  { files: ["server/**/*.{ts,tsx}"], rules: layer(["components", "app"], "server/ never renders; the app side passes views in") },
  { files: ["app/**/*.{ts,tsx}", "e2e/**/*.ts", "*.{ts,mjs}"], rules: layer([], "") },
  // The one file that imports zod itself.
  { files: ["lib/validation/zod-exports.ts"], rules: { "no-restricted-imports": "off" } },
];

export default config;
