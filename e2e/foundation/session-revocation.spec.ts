import { expect, test, type Browser, type BrowserContext, type Page } from "@/e2e/support/fixtures";
import { keepScreenshot } from "@/e2e/support/screens";
import { sessionCookieName } from "@/server/auth/session-cookie-name";
import { sameOriginHeaders, signInAs, signInWith } from "@/e2e/support/auth";
import { appEnv } from "@/e2e/support/servers";

// The name the app under test gives its session cookie, from the same public URL.
const COOKIE = sessionCookieName(appEnv().NEXTAUTH_URL);

async function sessionCookie(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === COOKIE);
  expect(cookie, "the session cookie").toBeDefined();
  return cookie!.value;
}

/** A brand-new browser holding nothing but a copy of the cookie value. */
async function replay(browser: Browser, baseURL: string, value: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: COOKIE, value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return context;
}

async function openSessions(page: Page) {
  const res = await page.request.get("/api/account/sessions");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { sessions: Array<{ id: string; current: boolean; device: string }> }).sessions;
}

test("after sign-out a copied cookie is dead: API 401, pages go to sign-in, /api/auth/session renews nothing", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await signInAs(page, "compliance");
  const copied = await sessionCookie(context);

  // The copy works while the session is open.
  const before = await replay(browser, baseURL!, copied);
  expect((await before.request.get("/api/me")).status()).toBe(200);
  await before.close();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  const thief = await replay(browser, baseURL!, copied);
  const api = await thief.request.get("/api/me");
  expect(api.status()).toBe(401);
  expect(await api.json()).toMatchObject({ error: { code: "unauthenticated" } });

  const session = await thief.request.get("/api/auth/session");
  expect(session.status()).toBe(200);
  expect(await session.json()).toEqual({});
  // No fresh cookie: any Set-Cookie for the session only clears it.
  const setCookies = session.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith(`${COOKIE}=`));
  for (const header of setCookies) expect(header.value).toMatch(new RegExp(`^${COOKIE}=;|Max-Age=0|Expires=Thu, 01 Jan 1970`, "i"));

  const thiefPage = await thief.newPage();
  await thiefPage.goto("/audit");
  await expect(thiefPage).toHaveURL(/\/sign-in/);
  await expect(thiefPage.getByRole("button", { name: "Sign in" })).toBeVisible();
  await thief.close();
});

test("a copied cookie with one stray character added is no session, for the API, the pages and next-auth", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await signInAs(page, "finance");
  const copied = await sessionCookie(context);
  const stranger = await browser.newContext({ baseURL });
  const as = (value: string) => ({ headers: { Cookie: `${COOKIE}=${value}` }, maxRedirects: 0 });
  expect((await stranger.request.get("/api/me", as(copied))).status()).toBe(200);

  // `%00` reaches the server decoded; the base64url decoder would skip it, and a space, and decrypt the rest.
  for (const altered of [`${copied}%00`, `${copied.slice(0, 20)}%00${copied.slice(20)}`, `${copied}%20`]) {
    const api = await stranger.request.get("/api/me", as(altered));
    expect(api.status(), altered.slice(-8)).toBe(401);
    expect(await (await stranger.request.get("/api/auth/session", as(altered))).json()).toEqual({});
    const home = await stranger.request.get("/", as(altered));
    expect(home.status()).toBe(307);
    expect(home.headers().location).toContain("/sign-in");
  }
  await stranger.close();
});

test("a staff member sees both of their sessions and ends the other one, which then gets 401", async ({ browser, baseURL }) => {
  const laptop = await browser.newContext({ baseURL });
  const phone = await browser.newContext({
    baseURL,
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  });
  const laptopPage = await laptop.newPage();
  const phonePage = await phone.newPage();
  await signInAs(laptopPage, "ops");
  await signInAs(phonePage, "ops");
  expect((await phonePage.request.get("/api/me")).status()).toBe(200);

  await laptopPage.getByRole("link", { name: "Your sessions" }).click();
  await expect(laptopPage.getByRole("heading", { level: 1, name: "Your sessions" })).toBeVisible();
  const rows = laptopPage.getByTestId("session-row");
  await expect(rows.filter({ hasText: "This browser" })).toHaveCount(1);
  const phoneRow = rows.filter({ hasText: "Safari on iOS" }).first();
  await expect(phoneRow).toBeVisible();
  const phoneSessions = (await openSessions(phonePage)).filter((s) => s.current);
  expect(phoneSessions).toHaveLength(1);

  await phoneRow.getByRole("button", { name: /End the session/ }).click();
  await expect(rows.filter({ hasText: "This browser" })).toHaveCount(1);
  await expect.poll(async () => (await phonePage.request.get("/api/me")).status()).toBe(401);
  expect((await openSessions(laptopPage)).map((s) => s.id)).not.toContain(phoneSessions[0]!.id);
  // The laptop is still signed in.
  expect((await laptopPage.request.get("/api/me")).status()).toBe(200);
  await phonePage.goto("/business");
  await expect(phonePage).toHaveURL(/\/sign-in/);
  await laptop.close();
  await phone.close();
});

test("an administrator ends another member's sessions from the staff page", async ({ browser, baseURL }) => {
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, "admin");
  const email = `sessions-e2e-${Date.now()}@example.com`;
  const password = "a-long-e2e-password-456";
  const created = await adminPage.request.post("/api/staff", {
    headers: sameOriginHeaders(baseURL!),
    data: { email, name: "Session Target", role: "finance", password },
  });
  expect(created.status()).toBe(200);

  const memberContext = await browser.newContext({ baseURL });
  const memberPage = await memberContext.newPage();
  await signInWith(memberPage, email, password);
  expect((await memberPage.request.get("/api/me")).status()).toBe(200);

  await adminPage.goto("/staff");
  const row = adminPage.getByTestId("staff-row").filter({ hasText: email });
  await row.getByRole("button", { name: "End sessions of Session Target" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "End Session Target's sessions?" });
  await dialog.getByRole("button", { name: "End all sessions" }).click();
  await expect(dialog.getByRole("status")).toHaveText("1 session ended.");

  expect((await memberPage.request.get("/api/me")).status()).toBe(401);
  await memberPage.goto("/business");
  await expect(memberPage).toHaveURL(/\/sign-in/);
  // The admin's own session is untouched, and the member can sign in again.
  expect((await adminPage.request.get("/api/me")).status()).toBe(200);
  await signInWith(memberPage, email, password);
  await adminContext.close();
  await memberContext.close();
});

test("the sessions page at desktop and phone widths", async ({ page }, testInfo) => {
  await signInAs(page, "finance");
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/account/sessions");
    await expect(page.getByTestId("session-row").first()).toBeVisible();
    await keepScreenshot(page, testInfo.outputPath(`sessions-${width}.png`));
  }
});
