import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { signInAs } from "@/e2e/support/auth";
import { expect, test } from "@/e2e/support/fixtures";
import { freePort } from "@/e2e/support/free-port";
import { appEnv } from "@/e2e/support/servers";

/**
 * The server the container image runs: the build's .next/standalone copied to a folder of its own,
 * with .next/static and public beside it as the Dockerfile copies them, started as `node server.js`
 * from there. It must need nothing from the project (no node_modules, no sources: the migrations,
 * the password list and PGlite's files travel in the trace) and, with DATABASE_URL and AUTH_SECRET
 * set, write nothing into its folder, so the image can run with a read-only root file system.
 */

const STANDALONE = path.join(".next", "standalone");

/** Every path under `dir` with its size and modification time: what a write would change. */
function snapshot(dir: string): Map<string, string> {
  const seen = new Map<string, string>();
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name);
      const stat = lstatSync(full);
      seen.set(path.relative(dir, full), `${stat.size}:${stat.mtimeMs}`);
      if (stat.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return seen;
}

function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((key) => before.get(key) !== after.get(key)).sort();
}

test("the standalone server runs from a copy of its own folder: ready, signed-in pages, assets, nothing written", async ({ browser }) => {
  test.setTimeout(180_000);
  expect(existsSync(path.join(STANDALONE, "server.js")), 'next build must write .next/standalone (output: "standalone")').toBe(true);

  // Outside the project, so nothing can be found by walking up to its node_modules.
  const dir = mkdtempSync(path.join(os.tmpdir(), "bo-standalone-"));
  let app: ChildProcess | undefined;
  let output = "";
  try {
    // verbatimSymlinks: the trace links externals relatively (.next/node_modules/pg-<hash> → ../../node_modules/pg);
    // resolved, they would point back into the project.
    cpSync(STANDALONE, dir, { recursive: true, verbatimSymlinks: true });
    cpSync(path.join(".next", "static"), path.join(dir, ".next", "static"), { recursive: true });
    cpSync("public", path.join(dir, "public"), { recursive: true });
    const before = snapshot(dir);

    const port = await freePort();
    const baseURL = `http://localhost:${port}`;
    // Only what the image would be given: no NODE_OPTIONS or NODE_PATH from the test runner. The
    // PostgreSQL pass shares the suite's database with the main app, as a second instance would.
    const { OIDC_ISSUER: _issuer, OIDC_CLIENT_ID: _client, OIDC_CLIENT_SECRET: _secret, OIDC_NAME: _name, ...passwordOnly } = appEnv();
    const database =
      process.env.TEST_DATABASE === "postgres" && process.env.DATABASE_URL ? process.env.DATABASE_URL : passwordOnly.DATABASE_URL!;
    const server = spawn(process.execPath, ["server.js"], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        ...passwordOnly,
        DATABASE_URL: database,
        NEXTAUTH_URL: baseURL,
        LOG_LEVEL: "info",
        PORT: String(port),
        HOSTNAME: "127.0.0.1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    app = server;
    server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));

    // Ready: the database migrated and answering (the payments API is reported, not required).
    await expect
      .poll(async () => (await fetch(`${baseURL}/api/ready`).catch(() => null))?.status, {
        timeout: 90_000,
        message: "GET /api/ready on the standalone server",
      })
      .toBe(200);
    const ready = (await (await fetch(`${baseURL}/api/ready`)).json()) as { ready: boolean; checks: Record<string, string> };
    expect(ready).toMatchObject({ ready: true, checks: { database: "ok" }, failed: [] });

    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const assets: { url: string; status: number }[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/_next/static/")) assets.push({ url: response.url(), status: response.status() });
    });
    await signInAs(page, "finance");
    // A page that reads the payments API, rendered and hydrated by the copied server.
    await page.goto("/business");
    await expect(page.getByRole("heading", { level: 1, name: "Harbor & Pine Trading Ltd" })).toBeVisible();
    expect(assets.length, "the pages load their scripts and styles from /_next/static").toBeGreaterThan(0);
    expect(assets.filter((asset) => asset.status !== 200)).toEqual([]);
    expect((await context.request.get("/icon.svg")).status(), "public/ is served").toBe(200);
    // The page's calls had a bearer token: readiness now reports the payments API as answering (it made no call of its own).
    expect(((await (await fetch(`${baseURL}/api/ready`)).json()) as { upstream: string }).upstream).toBe("ok");
    await context.close();

    server.kill("SIGTERM");
    expect(await exited).toBe(143);
    expect(output).toContain('"msg":"back-office ready"');
    // No error at start-up or since: the card-list parser's thread, for one, starts from a chunk in the copy.
    expect(output.split("\n").filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
    expect(changes(before, snapshot(dir)), "files the server created or changed in its own folder").toEqual([]);
  } finally {
    if (app && app.exitCode === null && app.signalCode === null) app.kill("SIGKILL");
    await test.info().attach("standalone-server.log", { body: output, contentType: "text/plain" });
    rmSync(dir, { recursive: true, force: true });
  }
});
