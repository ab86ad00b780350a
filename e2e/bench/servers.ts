import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { SIMULATOR_CREDENTIALS } from "@/server/simulator";

/** `group`: the process group the server runs in (it is started detached, so its pid). */
export type Started = { url: string; group: number; stop: () => Promise<void> };

/**
 * Ports of one bench run, from the environment so runs on a shared machine do not collide:
 * BENCH_APP_PORT, BENCH_SIM_PORT and BENCH_INSPECT_PORT (the app's inspector, on loopback). Each script passes its defaults.
 */
export function benchPorts(defaults: { app: number; sim: number }): { app: number; sim: number; inspect: number } {
  const read = (name: string, fallback: number) => {
    const value = Number(process.env[name] ?? fallback);
    if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number`);
    return value;
  };
  const app = read("BENCH_APP_PORT", defaults.app);
  const sim = read("BENCH_SIM_PORT", defaults.sim);
  return { app, sim, inspect: read("BENCH_INSPECT_PORT", app + 1) };
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not come up in ${timeoutMs} ms`);
}

/** Stops the whole process group: `npx` starts the server as a child, which would outlive `npx` alone. */
function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.pid === undefined) return resolve();
      child.once("exit", () => resolve());
      process.kill(-child.pid, "SIGTERM");
    });
}

/** A TypeScript entry point of this project in its own process group (so `stopper` stops all of it). */
function spawnTsx(script: string, args: string[] = [], env: Record<string, string> = {}): ChildProcess {
  return spawn("npx", ["tsx", "--conditions=react-server", script, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
}

export async function startSimulator(port: number, env: Record<string, string> = {}): Promise<Started> {
  const child = spawnTsx("server/simulator/main.ts", [], { SIMULATOR_PORT: String(port), ...env });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/__sim/health`, 60_000);
  return { url, group: child.pid!, stop: stopper(child) };
}

/** The plain `node:http` hop and bare server of e2e/bench/plain-hop.ts, on `port` and `port + 1`. */
export async function startPlainHop(port: number, upstreamUrl: string, token: string): Promise<Started & { bareUrl: string }> {
  const child = spawnTsx("e2e/bench/plain-hop.ts", [String(port), String(port + 1), upstreamUrl, token]);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url, 60_000);
  return { url, bareUrl: `http://127.0.0.1:${port + 1}`, group: child.pid!, stop: stopper(child) };
}

/**
 * Starts the production build (building it first when there is none, or when BENCH_BUILD=1).
 * Node runs `next start` itself (not through npx), so an inspector port, when asked for, is the app's.
 */
export async function startApp(port: number, env: Record<string, string>, inspectPort?: number): Promise<Started> {
  if (!existsSync(".next/BUILD_ID") || process.env.BENCH_BUILD === "1") {
    await new Promise<void>((resolve, reject) => {
      // The build that ships: `npm run build` (Next's build and what follows it), not `next build` alone.
      const build = spawn("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, ...env } });
      build.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`npm run build exited ${code}`))));
    });
  }
  const inspect = inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : [];
  const child = spawn(process.execPath, [...appNodeFlags(), ...inspect, "node_modules/next/dist/bin/next", "start", "-p", String(port)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const url = `http://localhost:${port}`;
  await waitFor(`${url}/api/health`, 120_000);
  return { url, group: child.pid!, stop: stopper(child) };
}

/**
 * The Node flags the app runs with: those of `npm start` (package.json), so the bench measures what
 * production runs; BENCH_APP_NODE_FLAGS, when set (empty for none), replaces them to measure another tuning.
 */
export function appNodeFlags(): string[] {
  const override = process.env.BENCH_APP_NODE_FLAGS;
  if (override !== undefined) return override.split(/\s+/).filter(Boolean);
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  const start = /^node((?: --[\w-]+(?:=\S+)?)*) node_modules\/next\/dist\/bin\/next start$/.exec(scripts.start ?? "");
  if (!start)
    throw new Error(
      'package.json\'s "start" must read "node [--flag …] node_modules/next/dist/bin/next start" for the bench to run the app as it runs',
    );
  return start[1]!.split(" ").filter(Boolean);
}

/** An access token of the simulator's own `POST /auth`, for the bench's direct calls to it. */
export async function simulatorToken(simUrl: string): Promise<string> {
  const basic = Buffer.from(`${SIMULATOR_CREDENTIALS.businessId}:${SIMULATOR_CREDENTIALS.secretKey}`).toString("base64");
  const res = await fetch(`${simUrl}/api/v1/auth`, { method: "POST", headers: { Authorization: `Basic ${basic}` } });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A Cookie header from signIn as the cookies a browser context takes (`context.addCookies`) for `url`. */
export function browserCookies(cookie: string, url: string): { name: string; value: string; url: string }[] {
  return cookie.split("; ").map((pair) => {
    const i = pair.indexOf("=");
    return { name: pair.slice(0, i), value: pair.slice(i + 1), url };
  });
}

/** Signs in through next-auth's credentials endpoint and returns the Cookie header. */
export async function signIn(appUrl: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${appUrl}/api/auth/csrf`);
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${appUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  keep(res);
  if (![...jar.keys()].some((k) => k.endsWith("backoffice.session"))) throw new Error(`sign-in failed (${res.status})`);
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

export const BENCH_PASSWORD = "bench-demo-password";

/**
 * The standalone simulator and the production build wired to it, as every benchmark runs them.
 */
export async function startBenchStack(
  simPort: number,
  appPort: number,
  appEnv: Record<string, string> = {},
  options: { inspectPort?: number } = {},
): Promise<{ sim: Started; app: Started }> {
  const sim = await startSimulator(simPort, { SIMULATOR_TOKEN_TTL_SECONDS: "3600" });
  const app = await startApp(appPort, benchAppEnv(sim.url, appEnv), options.inspectPort);
  return { sim, app };
}

/** The app's environment in every benchmark: the standalone simulator at `simUrl`, `overrides` on top. */
export function benchAppEnv(simUrl: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    BUSINESS_API_BASE_URL: `${simUrl}/api/v1`,
    BUSINESS_ID: SIMULATOR_CREDENTIALS.businessId,
    BUSINESS_SECRET_KEY: SIMULATOR_CREDENTIALS.secretKey,
    // BENCH_DATABASE_URL: a PostgreSQL database instead of the in-process PGlite (its session reads then run in another process).
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "memory:",
    DEMO_PASSWORD: BENCH_PASSWORD,
    // The bench signs in as a demo account: against the standalone simulator (loopback) only with DEMO_ACCOUNTS=true.
    DEMO_ACCOUNTS: "true",
    AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789",
    LOG_LEVEL: "warn",
    ...overrides,
  };
}
