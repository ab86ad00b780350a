import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect } from "@playwright/test";
import { freePort } from "./free-port";
import { appEnv } from "./servers";
import { appOidcEnv } from "./servers-idp";

/**
 * One more production instance (`next start` of the build the suite made) beside the suite's own,
 * for the tests that stop one (SIGTERM, a lost database) or run two: the suite's instance must
 * keep serving the other specs.
 */
export type Instance = {
  base: string;
  port: number;
  process: ChildProcess;
  /** Everything it printed so far, its JSON log lines included: what a failed test attaches. */
  output: () => string;
  /** Its exit code once it has exited (143 after SIGTERM). */
  exited: Promise<number | null>;
  /** Kills it where it still runs: for a test's `finally`. */
  kill: () => void;
};

/** Started with the suite's environment, its own address as the sign-in callback's, info logs, and `env` over all. */
export async function startInstance(env: Record<string, string> = {}): Promise<Instance> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  let output = "";
  const child = spawn(process.execPath, [path.join("node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port)], {
    env: { ...process.env, ...appEnv(), ...appOidcEnv(port), LOG_LEVEL: "info", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    base,
    port,
    process: child,
    output: () => output,
    exited,
    kill: () => {
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

/**
 * Until the instance answers its health check, failing at once if it exited. Slow on a busy machine:
 * the build is served, but another instance still has to start and run the migrations' lock.
 */
export async function untilHealthy(instance: Instance, timeout = 180_000): Promise<void> {
  await expect
    .poll(
      async () => (instance.process.exitCode !== null ? "exited" : (await fetch(`${instance.base}/api/health`).catch(() => null))?.status),
      {
        timeout,
      },
    )
    .toBe(200);
}
