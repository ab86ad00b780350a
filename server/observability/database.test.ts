import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { describe, expect, it } from "vitest";
import { observeDatabase, operationName, readConnectionGauges } from "./database";
import { metrics } from "./metrics";

async function gauges() {
  readConnectionGauges();
  const value = async (name: string, labels: Record<string, string>) =>
    (await metrics().registry.getSingleMetric(name)!.get()).values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))
      ?.value;
  const pool = { db_client_connection_pool_name: "pglite" };
  return {
    used: await value("db_client_connection_count", { ...pool, db_client_connection_state: "used" }),
    idle: await value("db_client_connection_count", { ...pool, db_client_connection_state: "idle" }),
    pending: await value("db_client_connection_pending_requests", pool),
  };
}

describe("the database as the metrics see it", () => {
  it("PGlite: one connection, used while an operation runs; the operations queued behind it are pending", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    observeDatabase(db);
    await db.execute(sql`SELECT 1`);
    expect(await gauges()).toEqual({ used: 0, idle: 1, pending: 0 });
    // Through the driver itself: Drizzle's queries only start when awaited.
    const running = [client.query("SELECT 1"), client.exec("SELECT 2"), client.transaction(async (tx) => tx.query("SELECT 3"))];
    const during = await gauges();
    await Promise.all(running);
    expect(during).toEqual({ used: 1, idle: 0, pending: 2 });
    expect(await gauges()).toEqual({ used: 0, idle: 1, pending: 0 });
    await client.close();
    // A closed database is no longer reported.
    expect(await gauges()).toEqual({ used: undefined, idle: undefined, pending: undefined });
  }, 180_000);

  it("names an operation by its first keyword from a closed list, never by the statement", () => {
    expect(operationName("select * from staff where email = $1")).toBe("SELECT");
    expect(operationName({ text: "  INSERT INTO audit_log VALUES ($1)" })).toBe("INSERT");
    expect(operationName("ada@example.com")).toBe("other");
    expect(operationName("VACUUM staff")).toBe("other");
  });
});
