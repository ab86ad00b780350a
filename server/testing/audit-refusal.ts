import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/types";

/**
 * Makes the database refuse audit entries of `action`, as it would a full disk or a value it
 * cannot store, while `run` runs: what a change does when its entry cannot be written.
 */
export async function whileAuditRefused<T>(db: Db, action: string, run: () => Promise<T>): Promise<T> {
  if (!/^[a-z_.]+$/.test(action)) throw new Error(`not an audit action: ${action}`);
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION refuse_audit_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = '${action}' THEN RAISE EXCEPTION 'audit storage unavailable'; END IF;
        RETURN NEW;
      END;
    $$`),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER refuse_audit_entry BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit_entry()`),
  );
  try {
    return await run();
  } finally {
    await db.execute(sql.raw(`DROP TRIGGER refuse_audit_entry ON audit_log`));
  }
}
