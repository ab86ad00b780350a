import { afterAll, beforeAll } from "vitest";
import { openDatabase } from "@/server/db/client";
import type { Db } from "@/server/db/types";

/**
 * Gives the test file an in-memory database of its own (migrated, closed after the file), for
 * tests that count rows or alter them directly and so must not share the process-wide one.
 */
export function withFreshDatabase(onOpen: (db: Db) => void): void {
  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  beforeAll(async () => {
    handle = await openDatabase({ kind: "pglite", dir: null });
    onOpen(handle.db);
  });
  afterAll(() => handle?.close());
}
