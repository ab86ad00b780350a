import "server-only";
import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "./types";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type DbOrTx = Db | Tx;
type ColumnName<T extends PgTable> = keyof T["_"]["columns"] & string;

/**
 * A lease: the right to do one thing (call the upstream for a customer, own an intent), held by a
 * token until a moment on the database's clock. Every instance shares that clock, whereas their own
 * clocks drift: judged on an app's clock, one running ahead would take over a live lease. A crashed
 * holder blocks the others only until its lease ends. Nothing extends a lease: each is sized to
 * outlive its one bounded upstream call, so a waiter that saw it over may act on its holder's death.
 */
export type Lease<T extends PgTable, H extends ColumnName<T>, U extends ColumnName<T>> = {
  table: T;
  names: { key: string[]; holder: H; until: U };
  key: PgColumn[];
  holder: PgColumn;
  until: PgColumn;
  /**
   * `own`: the row is there for the lease, and goes with it. `shared`: the lease is two nullable
   * columns of a row that keeps other state, so releasing it clears them.
   */
  row: "own" | "shared";
  /** No lease is held, or the one held has ended (at its end exactly, it has). */
  over: SQL<boolean>;
  live: SQL<boolean>;
  heldBy: (token: string) => SQL;
};

export function defineLease<T extends PgTable, H extends ColumnName<T>, U extends ColumnName<T>>(
  table: T,
  spec: { key: ColumnName<T>[]; holder: H; until: U; row: "own" | "shared" },
): Lease<T, H, U> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const column = (name: string) => {
    const found = columns[name];
    if (!found) throw new Error(`No column ${name} in the leased table.`);
    return found;
  };
  const holder = column(spec.holder);
  const until = column(spec.until);
  const over = sql<boolean>`(${until} IS NULL OR ${until} <= now())`;
  return {
    table,
    names: { key: spec.key, holder: spec.holder, until: spec.until },
    key: spec.key.map(column),
    holder,
    until,
    row: spec.row,
    over,
    live: sql<boolean>`NOT ${over}`,
    heldBy: (token) => eq(holder, token),
  };
}

/** The moment `ms` from now on the database's clock; a whole number of milliseconds, so the sum is exact. */
export function endsIn(ms: number): SQL {
  if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`A lease lasts a whole number of milliseconds, not ${ms}.`);
  return sql`(now() + (${String(ms)}::bigint * interval '1 millisecond'))`;
}

type Values<T extends PgTable, H extends string, U extends string> = Omit<
  { [K in keyof T["$inferInsert"]]: T["$inferInsert"][K] | SQL },
  H | U
>;

export type Take<T extends PgTable, H extends string, U extends string> = {
  /** The row's other columns, its key included; an existing row taken over gets them too. */
  values: Values<T, H, U>;
  token: string;
  ms: number;
  /**
   * When an existing row is taken over. By default once its lease is over, and `and` a condition of
   * the caller's (the verification check's minute). `never`: the caller first settles what the last
   * holder left (the card issuance records a dead holder's attempt). `when`: a row that outlives its
   * lease is replaced on a rule of its own (an idempotency record, once its key is no longer kept).
   */
  replace?: { and?: SQL } | "never" | { when: SQL };
};

/** Takes the lease in one statement: exactly one of any number of concurrent takers wins. */
export async function takeLease<T extends PgTable, H extends ColumnName<T>, U extends ColumnName<T>>(
  db: DbOrTx,
  lease: Lease<T, H, U>,
  take: Take<T, H, U>,
): Promise<boolean> {
  const row: Record<string, unknown> = { ...take.values, [lease.names.holder]: take.token, [lease.names.until]: endsIn(take.ms) };
  const insert = db.insert(lease.table).values(row as PgInsertValue<T>);
  const replacing = Object.fromEntries(Object.entries(row).filter(([name]) => !lease.names.key.includes(name)));
  const replace = take.replace ?? {};
  const returning = { holder: lease.holder };
  const won =
    replace === "never"
      ? await insert.onConflictDoNothing({ target: lease.key }).returning(returning)
      : await insert
          .onConflictDoUpdate({
            target: lease.key,
            set: replacing as PgUpdateSetSource<T>,
            setWhere: "when" in replace ? replace.when : replace.and ? and(lease.over, replace.and) : lease.over,
          })
          .returning(returning);
  return (won as { holder: unknown }[]).some((r) => r.holder === take.token);
}

type Held = {
  /** The leased row. */
  where: SQL | undefined;
  /** The holder's token: only a lease it still holds is touched. */
  token: string;
};

/**
 * Gives the lease back if its caller still holds it, expired or not (until someone takes it over it
 * is still the caller's); one taken over after its end is the new holder's and stays. `also` narrows
 * it further (the record must still be in progress). True when something was released.
 */
export async function releaseLease<T extends PgTable, H extends ColumnName<T>, U extends ColumnName<T>>(
  db: DbOrTx,
  lease: Lease<T, H, U>,
  held: Held & { also?: SQL },
): Promise<boolean> {
  const where = and(held.where, lease.heldBy(held.token), held.also);
  const released =
    lease.row === "own"
      ? await db.delete(lease.table).where(where).returning({ holder: lease.holder })
      : await db
          .update(lease.table)
          .set({ [lease.names.holder]: null, [lease.names.until]: null } as PgUpdateSetSource<T>)
          .where(where)
          .returning({ holder: lease.holder });
  return (released as unknown[]).length > 0;
}

/**
 * The columns that release a shared row's lease inside another write of that row (a save that ends
 * the holder's work): cleared if the token still holds it, left as they are otherwise.
 */
export function releasedWith<T extends PgTable, H extends ColumnName<T>, U extends ColumnName<T>>(
  lease: Lease<T, H, U>,
  token: string,
): PgUpdateSetSource<T> {
  const mine = lease.heldBy(token);
  return {
    [lease.names.holder]: sql`CASE WHEN ${mine} THEN NULL ELSE ${lease.holder} END`,
    [lease.names.until]: sql`CASE WHEN ${mine} THEN NULL ELSE ${lease.until} END`,
  } as PgUpdateSetSource<T>;
}
