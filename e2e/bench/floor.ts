/**
 * The framework's own floor of first-load JavaScript: a minimal App Router app (a root layout and one
 * page rendering one client component), built and started in the same bench run with this project's
 * Next.js and React (its own node_modules), so a page's ratio to it compares like with like.
 *
 * It is written into the system's temp folder with a symlink to this project's node_modules. Not
 * inside the project: the bundler takes the folder holding the nearest lockfile as its root and
 * builds that folder's instrumentation and proxy into the floor too. Its root is set to the
 * filesystem's, so the symlink (which leaves the temp folder) stays inside it. It is built with the
 * project's chunking setting (next.config.mjs), so a page's ratio measures its code, not a setting.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import type { Started } from "./servers";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "framework-floor", private: true, type: "module" }),
  // JavaScript, not TypeScript: the build would otherwise write a tsconfig and type-check, which the floor has no need of.
  "app/layout.jsx": `export const metadata = { title: "Floor" };
export default function RootLayout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}
`,
  "app/page.jsx": `import { Counter } from "./counter";
export const dynamic = "force-dynamic";
export default function Page() {
  return (<main><h1>Floor</h1><Counter /></main>);
}
`,
  "app/counter.jsx": `"use client";
import { useState } from "react";
export function Counter() {
  const [n, setN] = useState(0);
  return (<button type="button" onClick={() => setN(n + 1)}>Clicked {n}</button>);
}
`,
};

function run(args: string[], cwd: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [resolve("node_modules/next/dist/bin/next"), ...args], {
      cwd,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    child.once("exit", (code) => (code === 0 ? done() : fail(new Error(`floor app: next ${args[0]} exited ${code}`))));
  });
}

/** Builds and starts the floor app on `port`; `stop` also removes its folder. */
export async function startFloorApp(port: number): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), "bench-floor-"));
  symlinkSync(resolve("node_modules"), join(dir, "node_modules"), "dir");
  for (const [path, text] of Object.entries({ ...FILES, "next.config.mjs": await floorConfig() })) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  try {
    await run(["build"], dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const child = spawn(process.execPath, [resolve("node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((done) => {
      const finish = () => {
        rmSync(dir, { recursive: true, force: true });
        done();
      };
      if (child.exitCode !== null || child.pid === undefined) return finish();
      child.once("exit", finish);
      process.kill(-child.pid, "SIGTERM");
    });
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(`the floor app did not come up on ${url}`);
    }
    await sleep(250);
  }
  return { url, group: child.pid!, stop };
}

/** The floor's next.config.mjs: its root, and the project's chunking setting, if it has one. */
async function floorConfig(): Promise<string> {
  const project = (await import(pathToFileURL(resolve("next.config.mjs")).href)) as {
    default: { experimental?: { turbopackChunking?: unknown } };
  };
  const chunking = project.default.experimental?.turbopackChunking;
  const experimental = chunking === undefined ? {} : { experimental: { turbopackChunking: chunking } };
  return `export default ${JSON.stringify({ turbopack: { root: "/" }, outputFileTracingRoot: "/", ...experimental })};\n`;
}
