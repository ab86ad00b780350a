import { expect, test, type Page } from "@/e2e/support/fixtures";
import { sameOriginHeaders, signInAs } from "@/e2e/support/auth";
import { IDP_CLAIMS_MODES, IDP_NAME, setIdpClaims } from "@/e2e/support/servers-idp";

/**
 * Single sign-on against the suite's own OpenID Connect provider (e2e/support/idp.ts, started by
 * playwright.config.ts): the browser goes through the IdP's login and consent pages and back.
 * The sign-ins run twice: with the email claims also in the ID token, and with the provider's
 * defaults, where a provider following OIDC Core §5.4 serves them only from UserInfo.
 */
async function signInThroughIdp(page: Page, accountId: string): Promise<void> {
  await page.goto("/sign-in");
  await page.getByRole("link", { name: `Sign in with ${IDP_NAME}` }).click();
  // oidc-provider's development login page: any login, any password.
  await page.locator('input[name="login"]').fill(accountId);
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test("the password form is still offered alongside single sign-on", async ({ page }) => {
  await page.goto("/sign-in");
  await expect(page.getByRole("link", { name: `Sign in with ${IDP_NAME}` })).toBeVisible();
  await expect(page.getByLabel("Work email")).toBeVisible();
});

for (const mode of IDP_CLAIMS_MODES) {
  test.describe(mode === "id-token" ? "claims in the ID token" : "claims only from UserInfo (the provider's defaults)", () => {
    test.beforeEach(async () => {
      await setIdpClaims(mode);
    });
    test.afterAll(async () => {
      await setIdpClaims("id-token");
    });

    test("staff sign in through the IdP and get the role of their staff row", async ({ page }) => {
      await signInThroughIdp(page, "ops");
      await expect(page.getByTestId("signed-in-staff")).toContainText("ops@example.com · Operations");
      const me = await page.request.get("/api/me");
      expect(me.status()).toBe(200);
      expect(await me.json()).toMatchObject({ email: "ops@example.com", role: "ops" });
      // A server-side session like a password sign-in's: it is listed, and signing out ends it.
      await page.goto("/account/sessions");
      await expect(page.getByText("This browser")).toBeVisible();
    });

    test("an IdP identity that is not staff, unverified or disabled is refused with a message, and audited", async ({
      browser,
      baseURL,
    }) => {
      // Three full round trips through the IdP's pages, and an administrator's set-up.
      test.slow();
      const admin = await browser.newPage({ baseURL });
      await signInAs(admin, "admin");
      // A staff row for an IdP identity, then disabled.
      const created = await admin.request.post("/api/staff", {
        headers: sameOriginHeaders(baseURL!),
        data: { email: "sso-disabled@example.com", name: "Disabled Member", role: "finance", password: "a-long-e2e-password-789" },
      });
      expect([200, 409]).toContain(created.status());
      const list = (await (await admin.request.get("/api/staff")).json()) as { staff: { id: string; email: string }[] };
      const member = list.staff.find((s) => s.email === "sso-disabled@example.com")!;
      const disabled = await admin.request.patch(`/api/staff/${member.id}`, {
        headers: sameOriginHeaders(baseURL!),
        data: { status: "disabled" },
      });
      expect(disabled.status()).toBe(200);

      const cases = [
        {
          account: "unknown",
          message: `Your ${IDP_NAME} email address is not a staff account of this back-office.`,
          reason: "unknown_account",
          email: "unknown@example.com",
        },
        {
          account: "unverified",
          message: `${IDP_NAME} did not confirm that your email address is verified`,
          reason: "email_unverified",
          email: "finance@example.com",
        },
        { account: "disabled", message: "Your staff account is disabled.", reason: "disabled", email: "sso-disabled@example.com" },
      ];
      for (const c of cases) {
        // Only this attempt's entry counts: the other configuration's run wrote the same kind.
        const latest = (await (await admin.request.get("/api/audit?limit=1")).json()) as { entries: { id: number }[] };
        const since = latest.entries[0]?.id ?? 0;
        const context = await browser.newContext({ baseURL });
        const page = await context.newPage();
        await signInThroughIdp(page, c.account);
        await expect(page).toHaveURL(/\/sign-in\?error=Sso/);
        await expect(page.locator("#sign-in-error")).toContainText(c.message);
        expect((await page.request.get("/api/me")).status()).toBe(401);
        await context.close();

        const audit = await admin.request.get(
          `/api/audit?action=auth.sign_in&outcome=denied&staff=${encodeURIComponent(c.email)}${since ? `&after=${since}` : ""}`,
        );
        expect(audit.status()).toBe(200);
        const { entries } = (await audit.json()) as { entries: { actorEmail: string | null; detail: Record<string, unknown> | null }[] };
        expect(entries.some((e) => e.detail?.method === "oidc" && e.detail?.reason === c.reason)).toBe(true);
      }
    });
  });
}
