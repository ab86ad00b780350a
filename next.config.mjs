/** @type {import('next').NextConfig} */
const nextConfig = {
  // A self-contained server (.next/standalone/server.js with only the node_modules it needs) for the
  // container image; `next start` still serves the same build from the project root.
  output: "standalone",
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    // One copy per process of the metrics registry's library and of the tracing API/SDK, shared by
    // start-up and every route bundle (and loaded from node_modules, never into a browser bundle).
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace-node",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/resources",
  ],
  // Files read at run time by a path built from the working directory, which the tracer cannot follow:
  // the migrations applied at start-up and the common-password list. PGlite's wasm and data files are
  // loaded by URL from its own folder; listed so the standalone copy never depends on the tracer seeing that.
  outputFileTracingIncludes: {
    "/*": ["./server/db/migrations/*.sql", "./server/auth/common-passwords.txt", "./node_modules/@electric-sql/pglite/dist/*.{wasm,data}"],
  },
  turbopack: {
    // The phone-number library's metadata stays on the server: browser bundles get a shape check in
    // its place (see that file for why the server's check is enough).
    resolveAlias: { "libphonenumber-js": { browser: "./lib/customers/phone-shape.ts" } },
  },
  // `npm test` type-checks the whole project (tsc) moments before it builds, so its build skips Next's
  // second pass over the same files; every other build checks types as usual.
  typescript: { ignoreBuildErrors: process.env.BUILD_AFTER_TYPECHECK === "1" },
  experimental: {
    // First loads on a phone over a slow network are what staff feel. Left at its 50 KB default, the
    // chunker split the shell and each page into 10 to 13 scripts, each compressed on its own; at
    // 200 KB they travel in 6 to 8, and every page's first load is 0.5 to 3 KiB smaller (the same
    // code, compressed together). The price: a page reached by navigation may bring again code the
    // tab already has, about 5% more over a tour of every page (docs/benchmarks-history.md has both figures).
    // The bench builds the framework's floor with this same setting (e2e/bench/floor.ts).
    turbopackChunking: { minChunkSize: 200_000 },
  },
  poweredByHeader: false,
  reactStrictMode: true,
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Referrer-Policy", value: "same-origin" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
        ],
      },
    ];
  },
};

export default nextConfig;
