import { readdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { againstPostgres, freshDatabaseConfig } from "@/server/testing/database";
import { openDatabase } from "./client";
import { migrate, rows } from "./migrate";

const INSTANCES = 6;

async function migrationFiles(): Promise<string[]> {
  return (await readdir(path.join(process.cwd(), "server", "db", "migrations"))).filter((f) => f.endsWith(".sql")).sort();
}

// Several instances on one database is a PostgreSQL deployment; PGlite is one process's own.
describe.skipIf(!againstPostgres())("migrations with several instances starting together", () => {
  it("apply each migration exactly once while every instance's start-up succeeds", async () => {
    const config = await freshDatabaseConfig();
    if (config.kind !== "postgres") throw new Error("expected a PostgreSQL database");
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    // Each "instance" has its own pool, as separate processes would.
    const pools = Array.from({ length: INSTANCES }, () => new Pool({ connectionString: config.url, max: 2 }));
    try {
      const results = await Promise.allSettled(pools.map((pool) => migrate(drizzle(pool) as unknown as Parameters<typeof migrate>[0])));
      expect(results.map((r) => r.status)).toEqual(Array(INSTANCES).fill("fulfilled"));
      const appliedByAll = results.flatMap((r) => (r.status === "fulfilled" ? r.value : []));
      const files = await migrationFiles();
      // Every file applied by exactly one instance; the others found it done.
      expect([...appliedByAll].sort()).toEqual(files);

      const recorded = await pools[0]!.query<{ name: string; n: string }>(
        "SELECT name, count(*) AS n FROM schema_migrations GROUP BY name ORDER BY name",
      );
      expect(recorded.rows.map((r) => r.name)).toEqual(files);
      expect(recorded.rows.every((r) => Number(r.n) === 1)).toBe(true);

      // An instance started later applies nothing and opens cleanly.
      const late = await openDatabase(config);
      try {
        expect(await migrate(late.db)).toEqual([]);
        const tables = rows<{ n: number }>(await late.db.execute(sql`SELECT count(*)::int AS n FROM schema_migrations`));
        expect(tables[0]?.n).toBe(files.length);
      } finally {
        await late.close();
      }
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});
