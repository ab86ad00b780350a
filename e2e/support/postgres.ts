/**
 * A PostgreSQL server for the test suites that run against PostgreSQL (TEST_DATABASE=postgres):
 * the one named by TEST_DATABASE_URL, else one answering on 127.0.0.1:5432, else a throw-away
 * cluster from Debian's `postgresql` package, started as an unprivileged user in a temporary
 * directory on a free local port and removed when the run ends, whatever ends it.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./free-port";

export type PostgresServer = {
  /** A URL of a database on the server from which test databases are created and dropped. */
  adminUrl: string;
  /** "existing" when the server was already running, "cluster" when this process started it. */
  kind: "existing" | "cluster";
  /** Drops what this run created (or the whole throw-away cluster). */
  stop: () => Promise<void>;
};

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/** Finds or starts a server. TEST_POSTGRES_CLUSTER=1 skips looking for a running one. */
export async function postgresServer(): Promise<PostgresServer> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    if (!(await answers(given))) throw new Error("TEST_DATABASE_URL is set but no PostgreSQL answers there");
    return { adminUrl: given, kind: "existing", stop: async () => {} };
  }
  if (process.env.TEST_POSTGRES_CLUSTER !== "1" && (await answers(DEFAULT_URL))) {
    return { adminUrl: DEFAULT_URL, kind: "existing", stop: async () => {} };
  }
  return startCluster();
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The newest installed server binaries: Debian keeps them off the PATH, one folder per major version. */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

/** The port the test cluster listens on: TEST_POSTGRES_PORT when set, else any free one. */
async function clusterPort(): Promise<number> {
  const fixed = Number(process.env.TEST_POSTGRES_PORT);
  return fixed || freePort();
}

/** initdb refuses to run as root: as root, the cluster belongs to `nobody`. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ["runuser", ["-u", "nobody", "--", command, ...args]];
}

/** Runs in `cwd`, the cluster's own folder: the unprivileged user may not enter the project's (e.g. under /root). */
function run(command: string, args: string[], cwd: string): void {
  const [cmd, argv] = asServerUser(command, args);
  execFileSync(cmd, argv, { stdio: ["ignore", "pipe", "pipe"], cwd });
}

/** A throw-away cluster that a test may stop and start again, to see the app through a lost database. */
export type ThrowAwayCluster = PostgresServer & {
  /** Stops the server the way an operator or a fail-over does (`pg_ctl stop -m fast`): sessions are ended, data kept. */
  halt: () => void;
  /** Starts it again on the same port and data. */
  resume: () => void;
};

/** Always a cluster of this process's own, on a free port: stopping it disturbs nobody. */
export async function startCluster(): Promise<ThrowAwayCluster> {
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error(
      "No PostgreSQL found: nothing answers on 127.0.0.1:5432 and /usr/lib/postgresql/<version>/bin is missing. " +
        "Install Debian's `postgresql` package or set TEST_DATABASE_URL=postgres://user@host:port/db.",
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), "bo-pg-"));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "nobody"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "nobody"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  const port = await clusterPort();
  const pgCtl = path.join(bin, "pg_ctl");
  let stopped = false;
  // A durable cluster is not the point: this one lives for one test run.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  const start = () => run(pgCtl, ["-D", data, "-l", path.join(dir, "server.log"), "-o", options, "-w", "-t", "60", "start"], dir);
  // Synchronous so that it also runs from an "exit" handler, after a failure or an interrupt.
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    const [cmd, argv] = asServerUser(pgCtl, ["-D", data, "-m", "immediate", "-w", "stop"]);
    if (existsSync(path.join(data, "postmaster.pid"))) spawnSync(cmd, argv, { stdio: "ignore", timeout: 30_000, cwd: dir });
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", stopNow);
  // An interrupt while the cluster starts must not leave it behind: it is noted, and acted on between steps.
  let interrupted: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => (interrupted = signal);
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const checkInterrupt = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    if (interrupted) throw new Error(`interrupted by ${interrupted}`);
  };
  try {
    run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"], dir);
    await checkInterrupt();
    start();
    await checkInterrupt();
  } catch (error) {
    stopNow();
    const detail = error instanceof Error && "stderr" in error ? String((error as { stderr: unknown }).stderr) : String(error);
    throw new Error(`Could not start a throw-away PostgreSQL cluster: ${detail}`);
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    kind: "cluster",
    stop: async () => stopNow(),
    halt: () => run(pgCtl, ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"], dir),
    resume: start,
  };
}

/** A database name unique to this run, under a prefix that lets the run drop all of its own. */
export function databaseName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString("hex")}`;
}

export function runPrefix(): string {
  return `bo_test_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates a database, empty or as a copy of a template (a migrated one: copying is cheaper than
 * migrating each test file's database again). PostgreSQL refuses a copy while another session is in
 * the template (55006), which a parallel copy can briefly be: asked again after a moment.
 */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  const statement = `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await withClient(adminUrl, (client) => client.query(statement));
      return databaseUrl(adminUrl, name);
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** Drops every database whose name starts with the prefix, even with connections still open. */
export async function dropDatabases(adminUrl: string, prefix: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    const found = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [prefix]);
    for (const { datname } of found.rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

async function withClient<T>(url: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}
