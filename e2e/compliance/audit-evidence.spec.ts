import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@/e2e/support/fixtures";
import { AUDIT_STREAM_TOKEN, auditKeys, checkpointDir } from "@/e2e/support/audit-evidence";
import { signInAs } from "@/e2e/support/auth";
import { shootBothWidths } from "@/e2e/support/screens";
import { APP_PORT } from "@/e2e/support/servers";

const run = promisify(execFile);
type Line = { seq: number; hash: string; prev_hash: string; action: string };

test.describe("audit evidence", () => {
  test("the audit page shows the latest signed checkpoint, and the trail verifies against it", async ({ page }) => {
    test.setTimeout(180_000);
    await signInAs(page, "compliance");
    await page.goto("/audit");
    await expect(page.getByTestId("chain-status")).toContainText("Chain verified");
    // The app signs one each minute (AUDIT_CHECKPOINT_MINUTES=1 in the suite): reload until one is there.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("checkpoint-status")).toContainText("Matches the signed checkpoint", { timeout: 5_000 });
    }).toPass({ timeout: 150_000, intervals: [5_000] });
    await expect(page.getByTestId("checkpoint-status")).toContainText(/Latest checkpoint: \d+ entr/);
    // The verifier's line, with its file name and ISO time, waits in a fold when all is well.
    const verdict = page.getByText(/OK: \d+ entr(y|ies), chain intact, 1 checkpoint verified/);
    await expect(verdict).toBeHidden();
    await page.getByTestId("checkpoint-technical").getByText("Technical details").click();
    await expect(verdict).toBeVisible();
    await shootBothWidths(page, "audit-evidence", "audit-checkpoint");
  });

  test("the stream pages every entry once, oldest first, for a log shipper's token", async ({ request, page }) => {
    const shipper = { Authorization: `Bearer ${AUDIT_STREAM_TOKEN}` };
    const received: Line[] = [];
    let cursor = "0";
    for (;;) {
      const res = await request.get(`/api/audit/stream?after=${cursor}&limit=3`, { headers: shipper });
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toMatch(/^application\/x-ndjson/);
      const text = await res.text();
      const lines = text
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Line);
      received.push(...lines);
      const next = res.headers()["x-next-cursor"]!;
      if (lines.length === 0) {
        expect(next).toBe(cursor);
        break;
      }
      cursor = next;
    }
    expect(received.length).toBeGreaterThan(0);
    for (let i = 1; i < received.length; i++) {
      expect(received[i]!.seq).toBeGreaterThan(received[i - 1]!.seq);
      expect(received[i]!.prev_hash).toBe(received[i - 1]!.hash);
    }
    // A wrong token, and no session at all, read nothing.
    expect(
      (await request.get("/api/audit/stream", { headers: { Authorization: "Bearer wrong-token-wrong-token-wrong-token" } })).status(),
    ).toBe(401);
    expect((await page.request.get("/api/audit/stream")).status()).toBe(401);
    // Ops may not read the trail.
    await signInAs(page, "ops");
    expect((await page.request.get("/api/audit/stream")).status()).toBe(403);
  });

  test("an auditor's verify command passes against the app's database and checkpoints", async () => {
    test.skip(!process.env.DATABASE_URL?.startsWith("postgres"), "the command needs the database the app uses: the PostgreSQL pass");
    const { stdout } = await run(
      "npx",
      [
        "tsx",
        "--conditions=react-server",
        "server/audit/verify-cli.ts",
        "--dir",
        checkpointDir(String(APP_PORT)),
        "--public-key",
        auditKeys(String(APP_PORT)).publicKey,
      ],
      {
        env: { PATH: process.env.PATH, DATABASE_URL: process.env.DATABASE_URL, NODE_ENV: "production" },
      },
    );
    expect(stdout).toMatch(/^OK: \d+ entr(y|ies), chain intact, \d+ checkpoints? verified/);
  });
});
