import "server-only";
import { sql } from "drizzle-orm";
import { rows } from "./migrate";
import type { Db } from "./types";

/**
 * The database's `now()`, read in a short statement of its own. For a moment taken in the app that
 * is later compared with times the database writes: every instance shares this clock, whereas
 * instances' own clocks differ (by minutes, on a bad day), and comparing theirs would let one
 * instance's fast clock outrank what another did later. Read it outside any transaction: there
 * `now()` is the transaction's start. Kept to the millisecond (a JS Date's precision, truncated).
 */
export async function databaseNow(db: Db): Promise<Date> {
  const [row] = rows<{ ms: number | string }>(await db.execute(sql`SELECT (extract(epoch FROM now()) * 1000)::float8 AS ms`));
  const ms = Number(row?.ms);
  if (!Number.isFinite(ms)) throw new Error("The database did not answer its time.");
  return new Date(ms);
}
