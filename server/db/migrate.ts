import "server-only";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { ADVISORY_LOCKS, lockForTransaction } from "./advisory-locks";
import type { Db } from "./types";

/** Resolved from the working directory: `next start`, `next dev`, tests and CLIs all run from the project root. */
const MIGRATIONS_DIR = path.join(process.cwd(), "server", "db", "migrations");

/**
 * Applies ./migrations/*.sql in name order, each once, inside one transaction holding an advisory
 * lock, so several server instances starting together on one PostgreSQL do not race.
 * Statements are separated by `--> statement-breakpoint` lines.
 * Plain numbered SQL files (not a generated journal) let features add tables without colliding.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith(".sql")).sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await lockForTransaction(tx, ADVISORY_LOCKS.migrations);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = await tx.execute(sql`SELECT name FROM schema_migrations`);
    const doneNames = new Set(rows<{ name: string }>(done).map((r) => r.name));
    for (const file of files) {
      if (doneNames.has(file)) continue;
      const text = await readFile(path.join(MIGRATIONS_DIR, file), "utf8");
      // One statement per execute: PGlite's extended protocol takes no multi-statement strings.
      for (const statement of text.split(/^--> statement-breakpoint$/m)) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`INSERT INTO schema_migrations (name) VALUES (${file})`);
      applied.push(file);
    }
  });
  return applied;
}

/** node-postgres answers `{ rows }`, PGlite answers `{ rows }` too; both typed loosely by drizzle. */
export function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
