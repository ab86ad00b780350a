import "server-only";
import type { PGlite } from "@electric-sql/pglite";
import type { Db } from "./types";

/**
 * A count of the writes made to an in-process PGlite database, for caches that must never serve
 * what a write has changed (see the session read in server/auth/session-store.ts).
 *
 * Why it is exact: PGlite lives inside this process and no other process can open its data, so
 * every write goes through the client patched here. The count moves before a write starts and
 * again once it has ended (committed or not), so a value read while the count stayed the same was
 * read with no write in between. On node-postgres several instances write to one server, so no
 * count is kept and `writeGeneration` answers null: nothing may be cached there.
 */
const COUNT = Symbol.for("backoffice.db.writeCount");

type Counted = { [COUNT]?: { value: number } };

// A statement that only reads: one SELECT, or one EXECUTE of a statement planned once (those are
// selects only, see planned-once.ts). Anything else, several statements at once included, counts
// as a write: a wrong guess can only cost a cache its hit, never serve a stale value.
const READ_ONLY = /^\s*(select|execute)\s[^;]*;?\s*$/i;

export function isReadOnlyStatement(text: string): boolean {
  return READ_ONLY.test(text);
}

/** Counts every write made through `client` from now on (query, exec, transaction). */
export function countWrites(client: PGlite): void {
  const counted = client as PGlite & Counted;
  if (counted[COUNT]) return;
  const count = { value: 0 };
  counted[COUNT] = count;
  const around = <R>(write: boolean, run: () => Promise<R>): Promise<R> => {
    if (!write) return run();
    count.value++;
    return run().finally(() => {
      count.value++;
    });
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  counted.query = ((text: string, ...rest: unknown[]) =>
    around(!isReadOnlyStatement(text), () => (query as (...a: unknown[]) => Promise<unknown>)(text, ...rest))) as PGlite["query"];
  counted.exec = ((text: string, ...rest: unknown[]) =>
    around(!isReadOnlyStatement(text), () => (exec as (...a: unknown[]) => Promise<unknown>)(text, ...rest))) as PGlite["exec"];
  // A transaction may write through its own handle, which is not patched: the whole of it counts.
  counted.transaction = ((callback: Parameters<PGlite["transaction"]>[0]) =>
    around(true, () => transaction(callback))) as PGlite["transaction"];
}

/** The PGlite instance behind a Drizzle database, or null for node-postgres (its pool has no `exec`). */
export function pgliteOf(db: Db): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client as Partial<PGlite> | undefined;
  return client && typeof client.exec === "function" && typeof client.query === "function" ? (client as PGlite) : null;
}

/** The write count of the PGlite behind `db`; null when writes are not counted (node-postgres). */
export function writeGeneration(db: Db): number | null {
  return (pgliteOf(db) as (PGlite & Counted) | null)?.[COUNT]?.value ?? null;
}
