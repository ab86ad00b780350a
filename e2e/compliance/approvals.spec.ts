import { expect, test, type Page } from "@/e2e/support/fixtures";
import { keepScreenshot } from "@/e2e/support/screens";
import { demoEmail, sameOriginHeaders, signInAs, signInWith } from "@/e2e/support/auth";

// Four-eyes on a staff password reset: the demo admin asks, a second administrator approves from
// their home page. The setting is switched back off at the end: the run shares one database.
const PASSWORD = "a-long-e2e-password-123";
const unique = (tag: string) => `approvals-e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

type AuditEntry = { action: string; outcome: string; actorEmail: string | null; detail: Record<string, unknown> | null };

async function createMember(page: Page, baseURL: string, role: "ops" | "admin", name: string) {
  const res = await page.request.post("/api/staff", {
    headers: sameOriginHeaders(baseURL),
    data: { email: unique(role), name, role, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  const member = ((await res.json()) as { member: { id: string; email: string; name: string } }).member;
  added.push(member.id);
  return member;
}

async function auditEntries(page: Page, action: string): Promise<AuditEntry[]> {
  const res = await page.request.get(`/api/audit?action=${action}&limit=200`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { entries: AuditEntry[] }).entries;
}

/** Members this spec adds, disabled again at the end: later specs count on the demo admin being the only active one. */
const added: string[] = [];

test.afterAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, "admin");
  await page.request.post("/api/approvals/settings", { headers: sameOriginHeaders(baseURL!), data: { required: [] } });
  for (const id of added) {
    const res = await page.request.patch(`/api/staff/${id}`, { headers: sameOriginHeaders(baseURL!), data: { status: "disabled" } });
    expect(res.status()).toBe(200);
  }
  await context.close();
});

test("a password reset waits for a second administrator, who approves it from the home page; both names are audited", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Three members sign in and two of them use a browser each: a minute was too little on a busy machine.
  test.slow();
  await signInAs(page, "admin");
  const target = await createMember(page, baseURL!, "ops", "Rita Resettable");
  const checker = await createMember(page, baseURL!, "admin", "Charlie Checker");

  // The administrator turns four-eyes on for password resets on the Settings page.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  const form = page.getByTestId("approval-settings");
  await form.getByRole("checkbox", { name: /Staff password reset/ }).check();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, testInfo.outputPath(`settings-${width}.png`));
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The maker's reset does nothing yet: it is sent for approval.
  await page.goto("/staff");
  await page.getByRole("button", { name: `Reset password of ${target.name}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Reset password" }).click();
  await expect(dialog.getByTestId("approval-pending")).toContainText("Sent for approval");
  await expect(dialog.getByTestId("generated-password")).toHaveCount(0);
  await page.keyboard.press("Escape");
  // The maker sees their own request on the home page, and cannot approve it.
  await page.goto("/");
  const own = page.getByTestId("approval-row").filter({ hasText: target.email });
  await expect(own).toContainText("asked by you");
  await expect(own.getByRole("button", { name: /^Approve/ })).toHaveCount(0);

  // The checker approves from their home page and gets the one-time password, once.
  const checkerContext = await browser.newContext();
  const checkerPage = await checkerContext.newPage();
  await signInWith(checkerPage, checker.email, PASSWORD);
  await checkerPage.goto("/");
  const row = checkerPage.getByTestId("approval-row").filter({ hasText: target.email });
  await expect(row).toContainText("Password reset");
  await expect(row).toContainText("asked by");
  for (const width of [1440, 390]) {
    await checkerPage.setViewportSize({ width, height: 900 });
    await keepScreenshot(checkerPage, testInfo.outputPath(`queue-${width}.png`));
  }
  await checkerPage.setViewportSize({ width: 1440, height: 900 });
  await row.getByRole("button", { name: /^Approve/ }).click();
  await expect(row.getByTestId("generated-password")).toBeVisible();
  await expect(row).toHaveAttribute("data-status", "executed");
  await checkerContext.close();

  // The reset happened: the member's old password no longer signs in.
  const targetContext = await browser.newContext();
  const targetPage = await targetContext.newPage();
  await targetPage.goto("/sign-in");
  await targetPage.getByLabel("Work email").fill(target.email);
  await targetPage.getByLabel("Password").fill(PASSWORD);
  await targetPage.getByRole("button", { name: "Sign in" }).click();
  await expect(targetPage.getByTestId("signed-in-staff")).toHaveCount(0);
  await targetContext.close();

  // Audited with both names.
  const approved = (await auditEntries(page, "approval.execute")).find((e) => String(e.detail?.summary ?? "").includes(target.email));
  expect(approved).toMatchObject({ outcome: "success", actorEmail: checker.email });
  expect(approved?.detail).toMatchObject({
    requested_by: expect.stringContaining(demoEmail("admin")),
    approved_by: expect.stringContaining(checker.email),
  });
  const requested = (await auditEntries(page, "approval.request")).find((e) => String(e.detail?.summary ?? "").includes(target.email));
  expect(requested?.actorEmail).toBe(demoEmail("admin"));
});
