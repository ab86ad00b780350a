import "server-only";
import type { Span } from "@opentelemetry/api";
import { metrics, secondsSince } from "./metrics";
import { openSpan } from "./tracing";

/**
 * The database seen from the metrics and traces: one span per query group (a statement, or a whole
 * transaction with its statements inside), only inside a traced request; the operation's duration;
 * and the connection gauges, read at scrape time. Statements, parameters and rows are never
 * recorded: only the first SQL keyword, from a closed list.
 */
type Query = (...args: unknown[]) => Promise<unknown>;
type PoolLike = {
  query: Query;
  connect: (...args: unknown[]) => unknown;
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
  ending?: boolean;
  ended?: boolean;
};
type PgliteLike = { query: Query; exec: Query; transaction: Query; closed?: boolean };
type Source = { name: string; read: () => { used: number; idle: number; pending: number; max: number } | null };

const OPERATIONS = new Set([
  "SELECT",
  "INSERT",
  "UPDATE",
  "DELETE",
  "WITH",
  "EXECUTE",
  "PREPARE",
  "BEGIN",
  "COMMIT",
  "ROLLBACK",
  "CREATE",
  "ALTER",
  "DROP",
  "SET",
  "SHOW",
  "LOCK",
]);
const OBSERVED = Symbol.for("backoffice.db.observed");
const SOURCES = Symbol.for("backoffice.db.sources");
const holder = globalThis as unknown as { [SOURCES]?: Set<Source> };

function sources(): Set<Source> {
  holder[SOURCES] ??= new Set();
  return holder[SOURCES];
}

export function operationName(statement: unknown): string {
  const text = typeof statement === "string" ? statement : (statement as { text?: unknown } | null)?.text;
  const keyword = typeof text === "string" ? /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() : undefined;
  return keyword && OPERATIONS.has(keyword) ? keyword : "other";
}

/** Observes the driver behind a Drizzle database (node-postgres pool or PGlite); once per driver. */
export function observeDatabase(db: unknown): void {
  const client = (db as { $client?: unknown }).$client as (Partial<PoolLike & PgliteLike> & { [OBSERVED]?: true }) | undefined;
  if (!client || client[OBSERVED]) return;
  client[OBSERVED] = true;
  if (typeof client.exec === "function" && typeof client.transaction === "function") observePglite(client as PgliteLike);
  else if (typeof client.connect === "function" && typeof client.query === "function") observePool(client as PoolLike);
}

function observePool(pool: PoolLike): void {
  const system = "postgresql";
  const query = pool.query.bind(pool);
  pool.query = (...args: unknown[]) => timed(system, operationName(args[0]), () => query(...args));
  // A checked-out client is a transaction (Drizzle's way): one span from check-out to release.
  const connect = pool.connect.bind(pool);
  pool.connect = (...args: unknown[]) => {
    if (args.length > 0) return connect(...args); // the callback form is the pool's own, under query()
    const startedAt = performance.now();
    const span = openSpan("transaction", { onlyInsideTrace: true, attributes: { "db.system.name": system } });
    return (connect() as Promise<{ release: (...a: unknown[]) => unknown }>).then(
      (client) => {
        const release = client.release;
        client.release = (...a: unknown[]) => {
          client.release = release;
          end(span, system, "transaction", startedAt);
          return release.apply(client, a);
        };
        return client;
      },
      (error: unknown) => {
        end(span, system, "connect", startedAt);
        throw error;
      },
    );
  };
  sources().add({
    name: "pg",
    read: () =>
      pool.ended
        ? null
        : { used: pool.totalCount - pool.idleCount, idle: pool.idleCount, pending: pool.waitingCount, max: pool.options?.max ?? 10 },
  });
}

function observePglite(client: PgliteLike): void {
  const system = "pglite";
  // PGlite runs one operation at a time; the rest queue inside it. Counting them gives "used" and "waiting".
  let inFlight = 0;
  const wrap = (method: Query, name: (args: unknown[]) => string): Query => {
    const bound = method.bind(client);
    return (...args: unknown[]) => {
      inFlight++;
      return timed(system, name(args), () => bound(...args)).finally(() => inFlight--);
    };
  };
  client.query = wrap(client.query, (args) => operationName(args[0]));
  client.exec = wrap(client.exec, (args) => operationName(args[0]));
  client.transaction = wrap(client.transaction, () => "transaction");
  sources().add({
    name: "pglite",
    read: () =>
      client.closed ? null : { used: Math.min(inFlight, 1), idle: inFlight > 0 ? 0 : 1, pending: Math.max(inFlight - 1, 0), max: 1 },
  });
}

function timed(system: string, operation: string, run: () => Promise<unknown>): Promise<unknown> {
  const startedAt = performance.now();
  const span = openSpan(operation, { onlyInsideTrace: true, attributes: { "db.system.name": system, "db.operation.name": operation } });
  return run().finally(() => end(span, system, operation, startedAt));
}

function end(span: Span | undefined, system: string, operation: string, startedAt: number): void {
  span?.end();
  metrics().dbOperation.observe({ db_system_name: system, db_operation_name: operation }, secondsSince(startedAt));
}

/** Sets the connection gauges from every open database of the process (called before each scrape). */
export function readConnectionGauges(): void {
  const m = metrics();
  m.dbConnections.reset();
  m.dbPending.reset();
  m.dbMax.reset();
  for (const source of sources()) {
    const state = source.read();
    if (!state) {
      sources().delete(source);
      continue;
    }
    m.dbConnections.inc({ db_client_connection_pool_name: source.name, db_client_connection_state: "used" }, state.used);
    m.dbConnections.inc({ db_client_connection_pool_name: source.name, db_client_connection_state: "idle" }, state.idle);
    m.dbPending.inc({ db_client_connection_pool_name: source.name }, state.pending);
    m.dbMax.inc({ db_client_connection_pool_name: source.name }, state.max);
  }
}
