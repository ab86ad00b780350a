import { expect, test } from "@/e2e/support/fixtures";
import { sessionCookieName } from "@/server/auth/session-cookie-name";
import { DEMO_PASSWORD, appEnv } from "@/e2e/support/servers";
import { signInAs } from "@/e2e/support/auth";

// Raw query strings, exactly as an attacker would put them in a link to our sign-in page.
const HOSTILE_CALLBACKS: Record<string, string> = {
  "tab between slashes": "%2F%09%2Fevil.example",
  "newline between slashes": "%2F%0A%2Fevil.example",
  "bare newline": "%0A",
  "bare carriage return": "%0D",
  "protocol-relative": "%2F%2Fevil.example",
  "backslash host": "%2F%5Cevil.example",
  "absolute https": "https%3A%2F%2Fevil.example",
  "javascript:": "javascript%3Aalert(document.domain)",
  "dot segment to //": "%2F.%2F%2Fevil.example",
  "non-ASCII": "%2Fcaf%C3%A9",
  "non-ASCII look-alike slash": "%2F%E2%88%95evil.example",
  "invalid UTF-8": "%2F%FF%FE",
  "very long": `%2F${"a".repeat(4000)}`,
};

/** Where "/" lands a signed-in staff member. */
const HOME_PATH = "/";

test.describe("post-sign-in destination", () => {
  for (const [name, raw] of Object.entries(HOSTILE_CALLBACKS)) {
    test(`signing in with a hostile callbackUrl (${name}) stays on our origin and goes home`, async ({ page, context, baseURL }) => {
      const response = await page.goto(`/sign-in?callbackUrl=${raw}`);
      expect(response?.status()).toBeLessThan(500);
      await page.getByLabel("Work email").fill("finance@example.com");
      await page.getByLabel("Password").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByTestId("signed-in-staff")).toContainText("finance@example.com");
      // Wait for the browser to settle on the home page.
      await expect(page).toHaveURL(new URL(HOME_PATH, baseURL).href);
      await context.clearCookies();
    });
  }

  test("an already signed-in visit to the sign-in page with any hostile callbackUrl goes home, never 500", async ({ page, baseURL }) => {
    await signInAs(page, "ops");
    for (const raw of Object.values(HOSTILE_CALLBACKS)) {
      const response = await page.goto(`/sign-in?callbackUrl=${raw}`);
      expect(response?.status(), raw).toBeLessThan(500);
      const landed = new URL(page.url());
      expect(landed.origin, raw).toBe(new URL(baseURL!).origin);
      expect(landed.pathname, raw).toBe(HOME_PATH);
    }
  });

  test("a safe callbackUrl is still honoured", async ({ page }) => {
    await page.goto(`/sign-in?callbackUrl=${encodeURIComponent("/transactions/txn_usd_0001")}`);
    await page.getByLabel("Work email").fill("finance@example.com");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/transactions\/txn_usd_0001$/);
  });
});

test("no input on the next-auth routes answers 500", async ({ request }) => {
  const gets = [
    "/api/auth/signin?callbackUrl=%0A",
    "/api/auth/signin?callbackUrl=%2F%09%2Fevil.example",
    "/api/auth/signin?callbackUrl=%C3%A9",
    "/api/auth/signout?callbackUrl=%0D",
    "/api/auth/error?error=%0A%0DSet-Cookie%3A%20x%3D1",
    "/api/auth/error?error=%C3%A9",
    "/api/auth/session",
    "/api/auth/csrf",
    "/api/auth/providers",
    "/api/auth/%E2%82%AC",
    "/api/auth/callback/%0A",
    "/api/auth/callback/credentials?callbackUrl=%0A",
  ];
  for (const path of gets) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBeLessThan(500);
    expect(res.headers()["location"] ?? "", path).not.toMatch(/evil\.example|[\r\n]/);
  }
  const csrf = ((await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
  for (const callbackUrl of ["\n", "\r", "/\t/evil.example", "//evil.example", "https://evil.example", "é", "x".repeat(5000)]) {
    const res = await request.post("/api/auth/callback/credentials", {
      form: { csrfToken: csrf, email: "nobody-callback@example.com", password: "not-it", callbackUrl, json: "true" },
      maxRedirects: 0,
    });
    expect(res.status(), JSON.stringify(callbackUrl)).toBeLessThan(500);
    const body = await res.text();
    expect(body, JSON.stringify(callbackUrl)).not.toMatch(/evil\.example/);
  }
  // Garbage in the session cookie is "no session", not an error.
  const garbage = await request.get("/api/auth/session", {
    headers: { Cookie: `${sessionCookieName(appEnv().NEXTAUTH_URL)}=%FF%0Anot-a-jwt` },
  });
  expect(garbage.status()).toBe(200);
  expect(await garbage.json()).toEqual({});
});
