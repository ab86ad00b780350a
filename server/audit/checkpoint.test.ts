import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { rows } from "@/server/db/migrate";
import { auditLog } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { entryHash } from "./chain";
import { readCheckpointFiles } from "./checkpoint-files";
import { writeCheckpoint } from "./checkpoint-writer";
import { openCheckpoint } from "./signed-note";
import { describeVerdict, verifyTrail } from "./trail-verify";
import { writeAudit } from "./writer";

let db: Db;
withFreshDatabase((opened) => (db = opened));

const { privateKey, publicKey } = generateKeyPairSync("ed25519");
const actor = { id: null, email: "compliance@example.com", role: "compliance" };
let dir: string;

async function append(n: number, tag = "e") {
  for (let i = 0; i < n; i++)
    await writeAudit({ db, actor, action: "bvn.lookup", target: `bvn:${tag}${i}`, outcome: "success", requestId: `${tag}${i}` });
}

async function tamper(statement: ReturnType<typeof sql>) {
  await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
  await db.execute(statement);
  await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
}

async function verify(batch = 4) {
  return verifyTrail({ db, files: await readCheckpointFiles(dir), publicKey, batch });
}

beforeEach(async () => {
  await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_truncate`);
  await db.execute(sql`TRUNCATE audit_log`);
  await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_truncate`);
  dir = await mkdtemp(path.join(tmpdir(), "checkpoints-"));
});

describe("audit checkpoints", () => {
  it("signs the size and head as a C2SP checkpoint in a signed note, once per state", async () => {
    expect(await writeCheckpoint({ db, dir, privateKey })).toEqual({ written: false, reason: "empty", size: 0 });
    await append(5);
    const first = await writeCheckpoint({ db, dir, privateKey, now: new Date("2026-11-26T10:05:00Z") });
    expect(first).toMatchObject({ written: true, size: 5 });
    const text = await readFile(path.join(dir, (first as { file: string }).file), "utf8");
    const [last] = await db
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(sql`id DESC`)
      .limit(1);
    expect(text).toBe(
      `payments-back-office/audit-log\n5\n${Buffer.from(last!.hash, "hex").toString("base64")}\ntime 2026-11-26T10:05:00.000Z\n\n` +
        text.slice(text.indexOf("\u2014")),
    );
    expect(text).toMatch(/\n\n\u2014 payments-back-office\/audit-log [A-Za-z0-9+/]+=*\n$/);
    // Nothing appended: nothing to sign again.
    expect(await writeCheckpoint({ db, dir, privateKey })).toMatchObject({ written: false, reason: "unchanged" });
    await append(2, "f");
    // The scheduler writes one per period; the next period writes the new state.
    expect(await writeCheckpoint({ db, dir, privateKey, now: new Date("2026-11-26T10:50:00Z"), periodMinutes: 60 })).toMatchObject({
      written: false,
      reason: "period_done",
    });
    expect(await writeCheckpoint({ db, dir, privateKey, now: new Date("2026-11-26T11:00:00Z"), periodMinutes: 60 })).toMatchObject({
      written: true,
      size: 7,
    });
    expect(await readdir(dir)).toHaveLength(2);
  });

  it("writes one file when instances checkpoint the same state at the same moment", async () => {
    await append(3);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => writeCheckpoint({ db, dir, privateKey, periodMinutes: 60 })));
    expect(outcomes.filter((o) => o.written)).toHaveLength(1);
    expect(await readdir(dir)).toEqual(["checkpoint-3.txt"]);
  });

  it("verifies an intact trail against every checkpoint", async () => {
    await append(6);
    await writeCheckpoint({ db, dir, privateKey });
    await append(5, "g");
    await writeCheckpoint({ db, dir, privateKey });
    await append(1, "h");
    const verdict = await verify();
    expect(verdict).toMatchObject({ ok: true, entries: 12, checkpoints: 2, latest: { size: 11 } });
    expect(describeVerdict(verdict)).toMatch(/^OK: 12 entries, chain intact, 2 checkpoints verified/);
  });

  it("names the first entry edited in place", async () => {
    await append(8);
    await writeCheckpoint({ db, dir, privateKey });
    const [sixth] = rows<{ id: number }>(await db.execute(sql`SELECT id FROM audit_log ORDER BY id OFFSET 5 LIMIT 1`));
    await tamper(sql`UPDATE audit_log SET outcome = 'denied' WHERE id = ${sixth!.id}`);
    const verdict = await verify();
    expect(verdict).toMatchObject({ ok: false, kind: "entry_differs", position: 6, id: Number(sixth!.id) });
    expect(describeVerdict(verdict)).toMatch(/entry 6 \(id \d+\) differs/);
  });

  it("names the entries missing after a checkpoint when the trail was cut short", async () => {
    await append(9);
    await writeCheckpoint({ db, dir, privateKey });
    await tamper(sql`DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log ORDER BY id DESC LIMIT 3)`);
    const verdict = await verify();
    expect(verdict).toMatchObject({ ok: false, kind: "entries_missing", size: 9, entries: 6 });
    expect(describeVerdict(verdict)).toMatch(/entries 7 to 9 are gone/);
  });

  it("catches a trail rewritten with recomputed hashes, which the chain alone accepts", async () => {
    await append(4);
    await writeCheckpoint({ db, dir, privateKey });
    await append(4, "k");
    await writeCheckpoint({ db, dir, privateKey });
    // Rewrite entry 6 and re-hash it and everything after it: every link holds again.
    const entries = await db.select().from(auditLog).orderBy(auditLog.id);
    let prev = entries[4]!.hash;
    for (const entry of entries.slice(5)) {
      const fields = { ...entry, prevHash: prev, target: entry.id === entries[5]!.id ? "bvn:someone-else" : entry.target };
      const hash = entryHash(fields);
      await tamper(sql`UPDATE audit_log SET target = ${fields.target}, prev_hash = ${prev}, hash = ${hash} WHERE id = ${entry.id}`);
      prev = hash;
    }
    const verdict = await verify();
    expect(verdict).toMatchObject({ ok: false, kind: "checkpoint_mismatch", size: 8, firstSuspect: 5 });
    expect(describeVerdict(verdict)).toMatch(/first 8 entries do not match checkpoint checkpoint-8\.txt/);
  });

  it("refuses a checkpoint whose text was changed, or that another key signed", async () => {
    await append(3);
    const outcome = await writeCheckpoint({ db, dir, privateKey });
    const file = path.join(dir, (outcome as { file: string }).file);
    const original = await readFile(file, "utf8");
    expect(openCheckpoint(original, publicKey)).toMatchObject({ ok: true, checkpoint: { size: 3 } });
    expect(openCheckpoint(original.replace("\n3\n", "\n2\n"), publicKey)).toEqual({
      ok: false,
      problem: "the signature does not verify with the given public key",
    });
    const other = generateKeyPairSync("ed25519").publicKey;
    expect(openCheckpoint(original, other)).toEqual({ ok: false, problem: "no signature by the given public key" });
    await writeFile(path.join(dir, "checkpoint-2.txt"), original.replace("\n3\n", "\n2\n"));
    expect(await verify()).toMatchObject({ ok: false, kind: "bad_checkpoint", file: "checkpoint-2.txt" });
  });
});

describe("checkpoint file names", () => {
  it("sort by entry count, and no name is a run of digits the masking would star out", async () => {
    const { checkpointFileName } = await import("./checkpoint-files");
    const { maskSensitiveText } = await import("@/server/privacy");
    for (const size of [1, 9, 10, 12_345, 99_999_999]) expect(maskSensitiveText(checkpointFileName(size))).toBe(checkpointFileName(size));
    await append(1);
    for (let i = 0; i < 11; i++) {
      await append(1, `n${i}`);
      await writeCheckpoint({ db, dir, privateKey });
    }
    const sizes = (await readCheckpointFiles(dir)).map((f) => Number(/\d+/.exec(f.name)![0]));
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(sizes.at(-1)).toBe(12);
  });
});
