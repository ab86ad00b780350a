import { expect, test, type Browser, type Page } from "@/e2e/support/fixtures";
import { keepScreenshot } from "@/e2e/support/screens";
import { generate } from "otplib";
import type { Role } from "@/lib/permissions";
import { FOUND_BVN } from "@/e2e/compliance/test-bvns";
import { sameOriginHeaders, signInAs } from "@/e2e/support/auth";
import { STEP_UP_MAX_AGE_SECONDS } from "@/e2e/support/servers";

// Every account here is a new one created by the demo admin: the demo accounts keep signing in
// without a second factor, and the requirement set in one test is lifted after it.
const PASSWORD = "a-long-e2e-password-2fa";
const uniqueEmail = (tag: string) => `two-factor-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The code an authenticator app shows, from the secret the page showed as text; `aheadMs` picks a later step. */
const codeFor = (secret: string, aheadMs = 0) => generate({ secret, epoch: Math.floor((Date.now() + aheadMs) / 1000) });

async function createMember(admin: Page, baseURL: string, role: Role, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const res = await admin.request.post("/api/staff", {
    headers: sameOriginHeaders(baseURL),
    data: { email, name: `2FA ${tag}`, role, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  return email;
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, "admin");
  return page;
}

/** The password step only: where it lands depends on the second factor. */
async function submitPassword(page: Page, email: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}

/** Enrols through /account/security; returns the secret shown as text and the recovery codes. */
async function enrolOnSecurityPage(page: Page): Promise<{ secret: string; codes: string[] }> {
  await page.getByRole("link", { name: "Security" }).click();
  await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  // The code alone binds nothing: the current password is asked in the same request.
  await page.getByLabel("Code from the app").fill(await codeFor(secret));
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByText("Enter your current password.")).toBeVisible();
  await page.getByLabel("Current password").fill("not-the-password");
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByText("The current password is not correct.")).toBeVisible();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("Code from the app").fill("000000" === (await codeFor(secret)) ? "111111" : "000000");
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That code is not valid" })).toBeVisible();
  await page.getByLabel("Code from the app").fill(await codeFor(secret));
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  // allTextContents does not wait: the codes appear once the confirmation has answered.
  await expect(page.getByTestId("recovery-code")).toHaveCount(10);
  // The badge follows the server at once, while the codes are still on screen.
  await expect(page.getByText("On", { exact: true })).toBeVisible();
  const codes = await page.getByTestId("recovery-code").allTextContents();
  await page.getByLabel("I have saved my recovery codes").check();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("10 of 10 recovery codes left")).toBeVisible();
  return { secret, codes };
}

test("an account enrols, then signs in with password + code; a recovery code works once", async ({ browser, page, baseURL }) => {
  // Four sign-ins, an enrolment and two sessions: 44 s on a quiet machine, over the default minute on a busy one.
  test.setTimeout(120_000);
  const admin = await adminPage(browser);
  const email = await createMember(admin, baseURL!, "ops", "enrol");
  // Signed in elsewhere before the enrolment: that session ends with it.
  const elsewhere = await (await browser.newContext()).newPage();
  await submitPassword(elsewhere, email);
  await expect(elsewhere.getByTestId("signed-in-staff")).toContainText(email);
  await submitPassword(page, email);
  await expect(page.getByTestId("signed-in-staff")).toContainText(email);
  const { secret, codes } = await enrolOnSecurityPage(page);
  await keepScreenshot(page, "test-results/two-factor-security-1440.png");
  expect((await elsewhere.request.get("/api/me")).status()).toBe(401);
  await elsewhere.goto("/business");
  await expect(elsewhere).toHaveURL(/\/sign-in/);
  await signOut(page);

  // Password alone: the second-factor page, nothing else (pages bounce back, the API says 401).
  await submitPassword(page, email);
  await expect(page).toHaveURL(/\/second-factor/);
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
  await page.goto("/business");
  await expect(page).toHaveURL(/\/second-factor/);
  expect((await page.request.get("/api/me")).status()).toBe(401);
  await keepScreenshot(page, "test-results/two-factor-code-1440.png");
  // The code of the next 30-second step: the enrolment code's step is spent.
  await page.getByLabel("Authentication code").fill(await codeFor(secret, 30_000));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("signed-in-staff")).toContainText(email);
  expect((await page.request.get("/api/me")).status()).toBe(200);
  await signOut(page);

  // A recovery code signs in once.
  await submitPassword(page, email);
  await expect(page).toHaveURL(/\/second-factor/);
  await page.getByLabel("Authentication code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("signed-in-staff")).toContainText(email);
  await signOut(page);

  await submitPassword(page, email);
  await expect(page).toHaveURL(/\/second-factor/);
  await page.getByLabel("Authentication code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That code is not valid" })).toBeVisible();
  await page.getByLabel("Authentication code").fill(codes[1]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("signed-in-staff")).toContainText(email);
  await page.goto("/account/security");
  await expect(page.getByText("8 of 10 recovery codes left")).toBeVisible();

  // The admin sees who has set it up.
  await admin.goto("/staff");
  await expect(admin.getByRole("list", { name: "Members with two-factor authentication" })).toContainText(email);
});

test.describe("required for a role", () => {
  test.afterEach(async ({ browser, baseURL }) => {
    // Lift the requirement whatever happened: the demo accounts of the rest of the suite must not meet it.
    const admin = await adminPage(browser);
    const res = await admin.request.post("/api/staff/second-factor", {
      headers: sameOriginHeaders(baseURL!),
      data: { requireAll: false, roles: [] },
    });
    expect(res.status()).toBe(200);
  });

  test("a member of that role is taken to enrolment after the password, and can use nothing else until enrolled", async ({
    browser,
    page,
    baseURL,
  }) => {
    const admin = await adminPage(browser);
    const email = await createMember(admin, baseURL!, "finance", "required");
    await admin.goto("/staff");
    // Saved on click; the box shows the server's answer.
    await admin.getByRole("checkbox", { name: "Require for Finance" }).click();
    await expect(admin.getByRole("checkbox", { name: "Require for Finance" })).toBeChecked();
    await admin.reload();
    await expect(admin.getByRole("checkbox", { name: "Require for Finance" })).toBeChecked();
    await admin.setViewportSize({ width: 1440, height: 900 });
    await keepScreenshot(admin, "test-results/two-factor-policy-1440.png");

    await submitPassword(page, email);
    await expect(page).toHaveURL(/\/second-factor/);
    await expect(page.getByRole("heading", { name: "Set up two-factor authentication" })).toBeVisible();
    await page.goto("/finance");
    await expect(page).toHaveURL(/\/second-factor/);
    expect((await page.request.get("/api/me")).status()).toBe(401);
    // Nor can it pass with a code: it has no authenticator yet.
    const verify = await page.request.post("/api/second-factor/verify", { headers: sameOriginHeaders(baseURL!), data: { code: "123456" } });
    expect(verify.status()).toBe(401);

    await page.getByRole("button", { name: "Set up an authenticator app" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, "test-results/two-factor-enrol-390.png");
    await page.getByLabel("Code from the app").fill(await codeFor(secret));
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByRole("button", { name: "Confirm and turn on" }).click();
    await expect(page.getByTestId("recovery-code")).toHaveCount(10);
    await page.getByLabel("I have saved my recovery codes").check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("signed-in-staff")).toContainText(email);
    expect((await page.request.get("/api/me")).status()).toBe(200);
  });
});

test("a BVN reveal asks for a fresh code once the last one is older than the step-up window", async ({ browser, page, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await adminPage(browser);
  const email = await createMember(admin, baseURL!, "compliance", "stepup");
  await submitPassword(page, email);
  await expect(page.getByTestId("signed-in-staff")).toContainText(email);
  const { secret } = await enrolOnSecurityPage(page);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "BVN lookup" }).click();
  await page.getByRole("textbox", { name: /^BVN/ }).fill(FOUND_BVN);
  await page.getByLabel("Purpose or case reference").fill("e2e step-up case");
  await page.getByRole("button", { name: "Look up" }).click();
  // The result's own field: the sandbox's example chip under the box shows the same masked number.
  await expect(page.getByRole("region", { name: "Identity" }).getByText("•••••••2222")).toBeVisible();

  // Let the second factor of enrolment grow older than the window (20 s in the e2e run, 15 min in production).
  await page.waitForTimeout((STEP_UP_MAX_AGE_SECONDS + 2) * 1000);
  await page.getByRole("button", { name: "Reveal" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog).toBeVisible();
  await expect(page.getByText("ngozi.okafor@example.com")).toHaveCount(0);
  await keepScreenshot(page, "test-results/two-factor-step-up-1440.png");
  await dialog.getByLabel("Authentication code").fill("000000" === (await codeFor(secret, 30_000)) ? "111111" : "000000");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "That code is not valid" })).toBeVisible();
  await dialog.getByLabel("Authentication code").fill(await codeFor(secret, 30_000));
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("ngozi.okafor@example.com")).toBeVisible();
});
