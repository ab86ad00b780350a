import { expect, test, type Browser, type Page } from "@/e2e/support/fixtures";
import { sameOriginHeaders, signInAs, signInWith } from "@/e2e/support/auth";

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  return (await browser.newContext({ baseURL })).newPage();
}

async function fillPasswordForm(page: Page, current: string, next: string): Promise<void> {
  await page.locator("#currentPassword").fill(current);
  await page.locator("#newPassword").fill(next);
  await page.locator("#confirmPassword").fill(next);
  await page.getByRole("button", { name: "Change password" }).click();
}

test("a member changes their own password; other sessions end; an admin reset forces a new one", async ({ browser, baseURL }) => {
  // One long story (seven sign-ins, each a deliberately slow password hash): more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const admin = await newPage(browser, baseURL!);
  await signInAs(admin, "admin");
  const email = `passwords-e2e-${Date.now()}@example.com`;
  const first = "a-long-e2e-password-123";
  const created = await admin.request.post("/api/staff", {
    headers: sameOriginHeaders(baseURL!),
    data: { email, name: "Password Person", role: "ops", password: first },
  });
  expect(created.status()).toBe(200);

  const laptop = await newPage(browser, baseURL!);
  await signInWith(laptop, email, first);
  const phone = await newPage(browser, baseURL!);
  await signInWith(phone, email, first);

  // From the header link, with the checks a member would meet.
  await laptop.getByRole("link", { name: "Your password" }).click();
  await expect(laptop.getByRole("heading", { name: "Your password" })).toBeVisible();
  await fillPasswordForm(laptop, "not-my-password", "plum-kettle-orbit-97");
  await expect(laptop.getByText("The current password is not correct.")).toBeVisible();
  await fillPasswordForm(laptop, first, "password123456");
  await expect(laptop.getByText(/too common/)).toBeVisible();
  await fillPasswordForm(laptop, first, "plum-kettle-orbit-97");
  await expect(laptop.getByRole("status")).toContainText("1 other session was signed out.");
  expect((await phone.request.get("/api/me")).status()).toBe(401);
  expect((await laptop.request.get("/api/me")).status()).toBe(200);

  // The administrator resets it: a one-time password, shown once.
  await admin.goto("/staff");
  await admin.getByRole("button", { name: "Reset password of Password Person" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Reset password" }).click();
  const oneTime = (await admin.getByTestId("generated-password").textContent())!.trim();
  expect(oneTime).toHaveLength(16);
  expect((await laptop.request.get("/api/me")).status()).toBe(401);

  // Signing in with it leads to the password page, and nothing else works until it is changed.
  const fresh = await newPage(browser, baseURL!);
  await fresh.goto("/sign-in");
  await fresh.getByLabel("Work email").fill(email);
  await fresh.getByLabel("Password").fill(oneTime);
  await fresh.getByRole("button", { name: "Sign in" }).click();
  await expect(fresh.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(fresh).toHaveURL(/\/account\/password$/);
  await fresh.goto("/business");
  await expect(fresh.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  expect((await fresh.request.get("/api/me")).status()).toBe(403);
  await fillPasswordForm(fresh, oneTime, "my-own-password-at-last");
  await expect(fresh.getByTestId("signed-in-staff")).toContainText(email);
  expect((await fresh.request.get("/api/me")).status()).toBe(200);

  // The one-time password is spent; the new one works.
  const again = await newPage(browser, baseURL!);
  await again.goto("/sign-in");
  await again.getByLabel("Work email").fill(email);
  await again.getByLabel("Password").fill(oneTime);
  await again.getByRole("button", { name: "Sign in" }).click();
  await expect(again.locator("#sign-in-error")).toBeVisible();
  await signInWith(await newPage(browser, baseURL!), email, "my-own-password-at-last");

  // Both changes are in the audit log.
  const audit = await admin.request.get(`/api/audit?staff=${encodeURIComponent(email)}&action=staff.password.change`);
  const { entries } = (await audit.json()) as { entries: { outcome: string }[] };
  expect(entries.filter((e) => e.outcome === "success")).toHaveLength(2);
  const resets = await admin.request.get("/api/audit?action=staff.password.reset");
  expect(((await resets.json()) as { entries: { target: string }[] }).entries.some((e) => e.target === `staff:${email}`)).toBe(true);
});
