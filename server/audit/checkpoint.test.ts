import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, readdir, readFile, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { databaseNow } from "@/server/db/clock";
import { rows } from "@/server/db/migrate";
import { auditLog } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withAppClockSkew } from "@/server/testing/app-clock-skew";
import { withFreshDatabase } from "@/server/testing/database";
import { entryHash } from "./chain";
import { checkpointFileName, checkpointTime, readCheckpointFiles } from "./checkpoint-files";
import { writeCheckpoint } from "./checkpoint-writer";
import { CHECKPOINT_ORIGIN, openCheckpoint, signCheckpoint } from "./signed-note";
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

const MINUTE = 60_000;

/**
 * The database's time, at least `marginMs` before the end of its current `periodMinutes` period
 * (waiting the rest of the period out when nearer), so that a test's writes fall in one period.
 */
async function awayFromPeriodEnd(periodMinutes: number, marginMs = 10_000): Promise<number> {
  const period = periodMinutes * MINUTE;
  const now = (await databaseNow(db)).getTime();
  const left = period - (now % period);
  if (left >= marginMs) return now;
  await new Promise((resolve) => setTimeout(resolve, left + 50));
  return (await databaseNow(db)).getTime();
}

/** The signing times of the checkpoints in `dir`, in the order they were written (by entry count). */
async function signedTimes(): Promise<number[]> {
  return (await readCheckpointFiles(dir)).map((file) => checkpointTime(file.text)!.getTime());
}

/** Replaces the checkpoint of `size` entries with one signed at `signedAt` (as an earlier instance would have). */
async function resign(size: number, signedAt: Date) {
  const file = path.join(dir, checkpointFileName(size));
  const [last] = await db
    .select({ hash: auditLog.hash })
    .from(auditLog)
    .orderBy(sql`id`)
    .offset(size - 1)
    .limit(1);
  await unlink(file);
  await writeFile(file, signCheckpoint({ origin: CHECKPOINT_ORIGIN, size, headHash: last!.hash, signedAt }, privateKey));
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
    const before = await awayFromPeriodEnd(60);
    const first = await writeCheckpoint({ db, dir, privateKey });
    const after = (await databaseNow(db)).getTime();
    expect(first).toMatchObject({ written: true, size: 5 });
    const text = await readFile(path.join(dir, (first as { file: string }).file), "utf8");
    const [last] = await db
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(sql`id DESC`)
      .limit(1);
    // Signed at the database's time.
    const signedAt = checkpointTime(text)!;
    expect(signedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(signedAt.getTime()).toBeLessThanOrEqual(after);
    expect(text).toBe(
      `payments-back-office/audit-log\n5\n${Buffer.from(last!.hash, "hex").toString("base64")}\ntime ${signedAt.toISOString()}\n\n` +
        text.slice(text.indexOf("\u2014")),
    );
    expect(text).toMatch(/\n\n\u2014 payments-back-office\/audit-log [A-Za-z0-9+/]+=*\n$/);
    // Nothing appended: nothing to sign again.
    expect(await writeCheckpoint({ db, dir, privateKey })).toMatchObject({ written: false, reason: "unchanged" });
    await append(2, "f");
    // The scheduler writes one per period; the next period writes the new state.
    expect(await writeCheckpoint({ db, dir, privateKey, periodMinutes: 60 })).toMatchObject({ written: false, reason: "period_done" });
    await resign(5, new Date(before - 60 * MINUTE));
    expect(await writeCheckpoint({ db, dir, privateKey, periodMinutes: 60 })).toMatchObject({ written: true, size: 7 });
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

describe("audit checkpoints on the database's clock", () => {
  it("two instances whose clocks are 10 minutes apart, either side of a period's end, write one checkpoint in the period", async () => {
    const period = 60 * MINUTE;
    const before = await awayFromPeriodEnd(60);
    // By their own clocks one instance is 5 minutes before the hour and the other 5 minutes past it.
    const end = before - (before % period) + period;
    const slow = end - 5 * MINUTE - before;
    const fast = slow + 10 * MINUTE;
    const outcomes = [];
    for (let tick = 0; tick < 10; tick++) {
      await append(1, `t${tick}-`);
      outcomes.push(await withAppClockSkew(tick % 2 ? fast : slow, () => writeCheckpoint({ db, dir, privateKey, periodMinutes: 60 })));
    }
    const after = (await databaseNow(db)).getTime();
    expect(outcomes.filter((o) => o.written)).toHaveLength(1);
    expect(outcomes.slice(1).every((o) => !o.written && o.reason === "period_done")).toBe(true);
    const [signedAt] = await signedTimes();
    expect(signedAt).toBeGreaterThanOrEqual(before);
    expect(signedAt).toBeLessThanOrEqual(after);
  });

  it("signed times never go backwards while instances 10 minutes apart take turns", async () => {
    const before = (await databaseNow(db)).getTime();
    for (let turn = 0; turn < 6; turn++) {
      await append(1, `u${turn}-`);
      const outcome = await withAppClockSkew(turn % 2 ? 5 * MINUTE : -5 * MINUTE, () => writeCheckpoint({ db, dir, privateKey }));
      expect(outcome).toMatchObject({ written: true });
    }
    const after = (await databaseNow(db)).getTime();
    const times = await signedTimes();
    expect(times).toHaveLength(6);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const at of times) {
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(after);
    }
  });

  it("a period whose checkpoint is signed later than the database's now (a fast clock's) is done, not signed again earlier", async () => {
    await append(2);
    const now = await awayFromPeriodEnd(60);
    expect(await writeCheckpoint({ db, dir, privateKey })).toMatchObject({ written: true, size: 2 });
    await resign(2, new Date(now + 60 * MINUTE));
    await append(1, "v");
    expect(await writeCheckpoint({ db, dir, privateKey, periodMinutes: 60 })).toMatchObject({ written: false, reason: "period_done" });
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
