import { expect, test } from "@/e2e/support/fixtures";
import { roles, type Role } from "@/lib/permissions";
import { sessionCookieName } from "@/server/auth/session-cookie-name";
import { demoEmail, signInAs, signInWith } from "@/e2e/support/auth";
import { DEMO_PASSWORD, appEnv } from "@/e2e/support/servers";

const expectedNav: Record<Role, string[]> = {
  finance: ["Business profile", "Finance", "Bill catalogue"],
  ops: ["Business profile", "Customers"],
  compliance: ["Business profile", "Customers", "BVN lookup", "Audit trail"],
  admin: [
    "Business profile",
    "Finance",
    "Bill catalogue",
    "Customers",
    "BVN lookup",
    "Audit trail",
    "Staff",
    "Incoming updates",
    "Settings",
  ],
};

test("an anonymous visitor is sent to the sign-in page and comes back after signing in", async ({ page }) => {
  await page.goto("/business");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fbusiness/);
  await expect(page.getByText("SANDBOX", { exact: true })).toBeVisible();
});

test("a wrong password gets a clear message and no session", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("Work email").fill("finance@example.com");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("#sign-in-error")).toContainText("do not match");
  await page.goto("/business");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("repeated failures for one account are slowed down", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("Work email").fill("nobody-in-particular@example.com");
  await page.getByLabel("Password").fill("wrong");
  const error = page.locator("#sign-in-error");
  // The first three failures are free; after that each attempt must wait 1 s, 2 s, 4 s … The
  // waits grow faster than a slow machine submits, so the throttle must answer within 8 attempts.
  const messages: string[] = [];
  for (let i = 0; i < 8 && !messages.some((m) => m.includes("Too many failed attempts")); i++) {
    const answered = page.waitForResponse((r) => r.url().includes("/api/auth/callback/credentials"));
    await page.getByRole("button", { name: "Sign in" }).click();
    await answered;
    await expect(error).toBeVisible();
    messages.push((await error.textContent()) ?? "");
  }
  expect(messages.slice(0, 3).every((m) => m.includes("do not match"))).toBe(true);
  expect(messages.at(-1)).toContain("Too many failed attempts");
});

for (const role of roles) {
  test(`${role} signs in, sees the right navigation, reads the business profile and signs out`, async ({ page }) => {
    // Through the sign-in page itself, for every role.
    await signInWith(page, demoEmail(role), DEMO_PASSWORD);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(expectedNav[role]);
    await expect(page.getByText("SANDBOX", { exact: true }).first()).toBeVisible();
    await nav.getByRole("link", { name: "Business profile" }).click();
    await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
    await expect(page.getByText("biz_sandbox_001")).toBeVisible();
    await expect(page.getByRole("img", { name: /logo/ })).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto("/business");
    await expect(page).toHaveURL(/\/sign-in/);
  });
}

test("the session cookie is HttpOnly and SameSite", async ({ page, context }) => {
  await signInAs(page, "finance");
  const cookie = (await context.cookies()).find((c) => c.name === sessionCookieName(appEnv().NEXTAUTH_URL));
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");
});
