import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@/e2e/support/fixtures";
import { signInAs } from "@/e2e/support/auth";
import { appEnv } from "@/e2e/support/servers";

const SECRETS = (() => {
  const env = appEnv();
  return [env.AUTH_SECRET!, env.BUSINESS_SECRET_KEY!, env.WEBHOOK_SECRET!, env.DEMO_PASSWORD!];
})();

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

test("no secret is in any client chunk", () => {
  const chunks = files(path.join(process.cwd(), ".next", "static"));
  expect(chunks.length).toBeGreaterThan(0);
  for (const file of chunks) {
    const text = readFileSync(file, "utf8");
    for (const secret of SECRETS) expect(text.includes(secret), `${file} contains a secret`).toBe(false);
    expect(text).not.toMatch(/BUSINESS_SECRET_KEY|AUTH_SECRET/);
  }
});

test("no secret or bearer token is in a page or a response the browser receives", async ({ page }) => {
  const bodies: string[] = [];
  page.on("response", async (response) => {
    bodies.push(JSON.stringify(response.headers()));
    try {
      bodies.push(await response.text());
    } catch {
      // redirects have no body
    }
  });
  await signInAs(page, "admin");
  await page.goto("/business");
  await expect(page.getByText("biz_sandbox_001")).toBeVisible();
  const all = bodies.join("\n") + (await page.content());
  for (const secret of SECRETS) expect(all.includes(secret)).toBe(false);
  expect(all).not.toMatch(/Bearer ey/);
});
