import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/server/db/client";
import { writeCheckpoint } from "./checkpoint-writer";
import { writeAudit } from "./writer";

const run = promisify(execFile);

/** The command as an auditor runs it: its own process, the database by DATABASE_URL, no app. */
async function verifyCommand(args: string[], databaseUrl: string) {
  try {
    const { stdout, stderr } = await run("npx", ["tsx", "--conditions=react-server", "server/audit/verify-cli.ts", ...args], {
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, NODE_ENV: "production" },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

let work: string;
let databaseUrl: string;
let keyFile: string;
const { privateKey, publicKey } = generateKeyPairSync("ed25519");

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "audit-verify-"));
  databaseUrl = `pglite:${path.join(work, "db")}`;
  keyFile = path.join(work, "public.pem");
  await writeFile(keyFile, publicKey.export({ type: "spki", format: "pem" }));
  const handle = await openDatabase({ kind: "pglite", dir: path.join(work, "db") });
  for (let i = 0; i < 6; i++) {
    await writeAudit({
      db: handle.db,
      actor: { id: null, email: "ops@example.com", role: "ops" },
      action: "customer.update",
      target: `customer:c${i}`,
      outcome: "success",
      requestId: `r${i}`,
    });
  }
  await writeCheckpoint({ db: handle.db, dir: work, privateKey });
  await handle.close();
}, 60_000);

describe("npm run audit:verify", () => {
  it("exits 0 with a one-line summary for an intact trail", async () => {
    const result = await verifyCommand(["--dir", work, "--public-key", keyFile], databaseUrl);
    expect(result).toEqual({ code: 0, out: expect.stringMatching(/^OK: 6 entries, chain intact, 1 checkpoint verified[^\n]*\n$/) });
  }, 60_000);

  it("exits 2 with the usage when an argument is missing", async () => {
    const result = await verifyCommand(["--dir", work], databaseUrl);
    expect(result.code).toBe(2);
    expect(result.out).toMatch(/usage: npm run audit:verify/);
  }, 60_000);

  it("exits non-zero naming the missing entries once the trail is cut short", async () => {
    const handle = await openDatabase({ kind: "pglite", dir: path.join(work, "db") });
    await handle.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
    await handle.db.execute(sql`DELETE FROM audit_log WHERE id = (SELECT max(id) FROM audit_log)`);
    await handle.close();
    const result = await verifyCommand(["--dir", work, "--public-key", keyFile], databaseUrl);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/FAILED: entries missing: checkpoint checkpoint-6\.txt counts 6 entries, the trail has 5/);
  }, 60_000);
});
