import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "@/server/db/migrate";
import * as schema from "@/server/db/schema";

/**
 * Migrates one in-memory PGlite and writes its data directory to a file, which every test file's
 * in-memory database then starts from (server/db/client.ts reads PGLITE_TEMPLATE_FILE): an empty
 * PGlite costs about four seconds of initdb and migrations, a copy about one.
 */
export async function writePgliteTemplate(): Promise<{ file: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "pglite-template-"));
  const client = new PGlite();
  try {
    await migrate(drizzle(client, { schema }));
    const dump = await client.dumpDataDir("none");
    const file = join(dir, "migrated.tar");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return { file, remove: () => rm(dir, { recursive: true, force: true }) };
  } finally {
    await client.close();
  }
}
