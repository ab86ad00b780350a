import "server-only";
import { createHash } from "node:crypto";
import { getTableColumns, is, Placeholder, Table, type SQL } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import type { Db } from "./types";
import { isUuid } from "@/lib/route-params";
import { pgliteOf } from "./write-generation";

/** PostgreSQL's "duplicate_prepared_statement". */
const DUPLICATE_PREPARED_STATEMENT = "42P05";

// Drizzle reads times as the text PostgreSQL sends (see drizzle-orm/pglite): the same parsers here,
// so each column's own mapFromDriverValue turns a row into exactly what Drizzle would have made.
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;
const DATE = 1082;
const INTERVAL = 1186;
const asText = (value: string) => value;
const PARSERS = { [TIMESTAMP]: asText, [TIMESTAMPTZ]: asText, [DATE]: asText, [INTERVAL]: asText };

/**
 * A parameter written into `EXECUTE`: only numbers and UUIDs are accepted (on either database, so
 * both behave alike), the only kinds a query planned once takes here, so no quoting of arbitrary
 * text is ever needed.
 */
function literal(value: unknown): string {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (isUuid(value)) return `'${value}'`;
  throw new Error("a query planned once takes only numbers and UUIDs as parameters");
}

type Query = { toSQL: () => { sql: string; params: unknown[] } };

/** What a query planned once selects: tables whole, and computed booleans (both drivers read a bool alike). */
type Selected = Table | SQL<boolean>;
type RowOf<T extends Record<string, Selected>> = { [K in keyof T]: T[K] extends Table ? T[K]["$inferSelect"] : boolean };

/**
 * Runs a Drizzle select whose tables are selected whole (`select({ a: tableA, b: tableB })`), with
 * perhaps computed booleans beside them (`select({ a: tableA, due: dueSql })`; `selected` lists the
 * same entries in the same order), parsed and planned once per database instead of at every run.
 *
 * Why: on node-postgres Drizzle's named prepared statements are already planned once per
 * connection, but PGlite's query API has no named statements, so Drizzle's `.prepare()` parses
 * and plans the text again each time; for the session read that every request makes, planning
 * costs three times the read itself. On PGlite the query is therefore `PREPARE`d once and run
 * with `EXECUTE`; on node-postgres Drizzle's own prepared statement runs it.
 */
export function plannedOnce<T extends Record<string, Selected>>(
  name: string,
  selected: T,
  build: (db: Db) => Query & { prepare: (name: string) => { execute: (values: Record<string, unknown>) => Promise<unknown[]> } },
) {
  if (!/^[a-z_]+$/.test(name)) throw new Error("a statement name is lower-case letters and underscores");
  type OnPglite = { ready: Promise<void>; params: unknown[]; statement: string };
  const onPglite = new WeakMap<Db, OnPglite>();
  const drizzlePrepared = new WeakMap<Db, { execute: (values: Record<string, unknown>) => Promise<unknown[]> }>();
  const columns = Object.entries(selected).map(
    ([key, one]) => [key, is(one, Table) ? Object.entries(getTableColumns(one)) : null] as const,
  );

  /** The statement prepared on this database once, and where each of its parameters comes from. */
  const prepare = (db: Db, client: PGlite): OnPglite => {
    let state = onPglite.get(db);
    if (!state) {
      const { sql, params } = build(db).toSQL();
      // Named after its text: Next.js may load this module more than once in one process (one copy
      // per bundle), and each copy prepares on the same database. The same name is then the same
      // text, so "already exists" means ready; a changed query (a reload in development) gets a new name.
      const statement = `${name}_${createHash("sha256").update(sql).digest("hex").slice(0, 16)}`;
      const ready = client.exec(`PREPARE ${statement} AS ${sql}`).then(
        () => undefined,
        (error: unknown) => {
          if ((error as { code?: unknown } | null)?.code !== DUPLICATE_PREPARED_STATEMENT) throw error;
        },
      );
      // A failed PREPARE is tried again by the next run.
      ready.catch(() => onPglite.delete(db));
      onPglite.set(db, (state = { ready, params, statement }));
    }
    return state;
  };

  return async (db: Db, values: Record<string, unknown>): Promise<RowOf<T>[]> => {
    for (const value of Object.values(values)) literal(value);
    const client = pgliteOf(db);
    if (!client) {
      let query = drizzlePrepared.get(db);
      if (!query) drizzlePrepared.set(db, (query = build(db).prepare(name)));
      return (await query.execute(values)) as RowOf<T>[];
    }
    const state = prepare(db, client);
    const params = state.params.map((p) => literal(p instanceof Placeholder ? values[(p as Placeholder<string>).name] : p));
    await state.ready;
    const [result] = await client.exec(`EXECUTE ${state.statement}(${params.join(", ")})`, { rowMode: "array", parsers: PARSERS });
    return (result?.rows ?? []).map((row) => {
      const cells = row as unknown as unknown[];
      let at = 0;
      const out: Record<string, unknown> = {};
      for (const [key, cols] of columns) {
        if (!cols) {
          out[key] = cells[at++] ?? null;
          continue;
        }
        const record: Record<string, unknown> = {};
        for (const [field, column] of cols) {
          const raw = cells[at++];
          record[field] = raw === null || raw === undefined ? null : column.mapFromDriverValue(raw);
        }
        out[key] = record;
      }
      return out as RowOf<T>;
    });
  };
}
