import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

/** Either driver (PGlite or node-postgres) seen through Drizzle's common PostgreSQL interface. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
