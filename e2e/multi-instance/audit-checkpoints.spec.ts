import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@/e2e/support/fixtures";
import { checkpointDir } from "@/e2e/support/audit-evidence";
import { signInAs } from "@/e2e/support/auth";
import { APP_PORT } from "@/e2e/support/servers";

// Both instances tick each minute (AUDIT_CHECKPOINT_MINUTES=1) against one database and one
// checkpoint directory: each minute's checkpoint must be written by one of them, once.
const dir = checkpointDir(String(APP_PORT));
const checkpoints = () =>
  readdirSync(dir)
    .filter((n) => /^checkpoint-\d+\.txt$/.test(n))
    .sort();
const minuteOf = (name: string) => /^time (\S+)$/m.exec(readFileSync(path.join(dir, name), "utf8"))![1]!.slice(0, 16);

test("two instances write each period's checkpoint once", async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  await signInAs(page, "compliance");
  await expect.poll(() => checkpoints().length, { timeout: 130_000, intervals: [5_000] }).toBeGreaterThanOrEqual(1);
  const first = checkpoints().length;
  // New entries (a sign-in is audited), so the next period has something to sign; a page of its
  // own, since the first is already signed in.
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(admin, "admin");
  await expect.poll(() => checkpoints().length, { timeout: 130_000, intervals: [5_000] }).toBeGreaterThan(first);
  const minutes = checkpoints().map(minuteOf);
  expect(new Set(minutes).size).toBe(minutes.length);
});
