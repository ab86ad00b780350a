import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditStreamQuerySchema } from "@/lib/contracts/audit";
import { rows } from "@/server/db/migrate";
import { auditLog } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { checkChain, entryHash, GENESIS_HASH } from "./chain";
import { readStreamPage } from "./stream";
import { writeAudit } from "./writer";

let db: Db;
withFreshDatabase((opened) => (db = opened));

const actor = { id: null, email: "ops@example.com", role: "ops" };
const input = (after: number, limit: number) => auditStreamQuerySchema.parse({ after: String(after), limit: String(limit) });

type Line = { seq: number; hash: string; prev_hash: string };

describe("audit stream paging", () => {
  it("returns every entry exactly once, oldest first, while two members append concurrently", async () => {
    const writers = ["a", "b"].map(async (who) => {
      for (let i = 0; i < 40; i++)
        await writeAudit({
          db,
          actor: { ...actor, email: `${who}@example.com` },
          action: "customer.update",
          target: `customer:${who}${i}`,
          outcome: "success",
          requestId: `${who}${i}`,
        });
    });
    let writing = true;
    const done = Promise.all(writers).then(() => (writing = false));
    const received: Line[] = [];
    let cursor = 0;
    // Page until the writers have finished and a page comes back empty: the reader caught up.
    for (;;) {
      const stillWriting = writing;
      const page = await readStreamPage({ db, input: input(cursor, 7) });
      received.push(
        ...page.lines
          .trim()
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Line),
      );
      cursor = page.nextCursor;
      if (page.count === 0 && !stillWriting) break;
    }
    await done;
    const ids = rows<{ id: number }>(await db.execute(sql`SELECT id FROM audit_log ORDER BY id`)).map((r) => Number(r.id));
    expect(received.map((l) => l.seq)).toEqual(ids);
    expect(ids).toHaveLength(80);
    // The lines carry the chain: each links to the one before.
    for (let i = 1; i < received.length; i++) expect(received[i]!.prev_hash).toBe(received[i - 1]!.hash);
  });

  it("carries every hashed field, so a shipper can re-check the chain", async () => {
    const page = await readStreamPage({ db, input: input(0, 1000) });
    const entries = page.lines
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const asFields = entries.map((e) => ({
      id: e.seq as number,
      occurredAt: new Date(e.occurred_at as string),
      requestId: e.request_id as string,
      actorStaffId: e.actor_staff_id as string | null,
      actorEmail: e.actor_email as string | null,
      actorRole: e.actor_role as string | null,
      action: e.action as string,
      target: e.target as string | null,
      outcome: e.outcome as string,
      detail: e.detail as Record<string, unknown> | null,
      prevHash: e.prev_hash as string,
      hash: e.hash as string,
    }));
    expect(checkChain(asFields)).toEqual({ ok: true, checked: 80 });
  });

  it("answers an empty page with the same cursor past the end", async () => {
    const page = await readStreamPage({ db, input: input(1_000_000, 10) });
    expect(page).toEqual({ lines: "", nextCursor: 1_000_000, count: 0 });
  });

  it("refuses a limit above 1000 and a cursor that is not a number, naming the field", () => {
    const limit = auditStreamQuerySchema.safeParse({ limit: "1001" });
    expect(limit.error?.issues[0]).toMatchObject({ path: ["limit"], message: "The limit must be a whole number from 1 to 1000." });
    const after = auditStreamQuerySchema.safeParse({ after: "abc" });
    expect(after.error?.issues[0]).toMatchObject({ path: ["after"] });
    // Decimal digits only: "0x10" is not read as 16, nor "1e3" as 1000.
    for (const odd of ["0x10", "1e3", "+5", "5.0"]) {
      expect(auditStreamQuerySchema.safeParse({ after: odd }).error?.issues[0]).toMatchObject({ path: ["after"] });
      expect(auditStreamQuerySchema.safeParse({ limit: odd }).error?.issues[0]).toMatchObject({ path: ["limit"] });
    }
  });
});

describe("an entry written before the by-value masking rule", () => {
  it("streams masked, with its stored hash, so the chain still links and the line says it was masked", async () => {
    const [last] = rows<{ hash: string }>(await db.execute(sql`SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1`));
    const old = {
      occurredAt: new Date("2025-01-02T03:04:05.678Z"),
      requestId: "req-old-raw",
      actorStaffId: null,
      actorEmail: "ops@example.com",
      actorRole: "ops",
      action: "privacy.old",
      target: "note:22222222222",
      outcome: "success" as const,
      detail: { purpose: "case ２２２２２２２２２２２" },
      prevHash: last?.hash ?? GENESIS_HASH,
    };
    const [stored] = await db
      .insert(auditLog)
      .values({ ...old, hash: entryHash(old) })
      .returning({ id: auditLog.id, hash: auditLog.hash });
    await writeAudit({ db, actor, action: "customer.update", target: "customer:after", outcome: "success", requestId: "req-after" });

    const page = await readStreamPage({ db, input: input(stored!.id - 1, 10) });
    expect(page.lines).not.toMatch(/22222222222|２２２２２２２２２２２/);
    const [line, next] = page.lines
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Line & { target: string; detail: unknown; masked: boolean });
    expect(line).toMatchObject({
      seq: stored!.id,
      target: "note:•••••••2222",
      detail: { purpose: "case •••••••2222" },
      hash: stored!.hash,
      masked: true,
    });
    // The shipper's link check is unchanged; a line that needed no masking can still be re-hashed.
    expect(next).toMatchObject({ prev_hash: stored!.hash, masked: false });
  });
});
