import { test as unguarded } from "@playwright/test";
import { signInAs } from "@/e2e/support/auth";
import { expect, test } from "@/e2e/support/fixtures";

function nonceOf(policy: string | undefined): string {
  const match = /script-src [^;]*'nonce-([^']+)'/.exec(policy ?? "");
  expect(match, `a script nonce in: ${policy}`).not.toBeNull();
  return match![1]!;
}

test("the sign-in page carries a strict, per-request Content-Security-Policy, and its scripts carry the nonce", async ({ page }) => {
  const first = await page.goto("/sign-in");
  const policy = first!.headers()["content-security-policy"];
  for (const directive of ["'strict-dynamic'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
    expect(policy).toContain(directive);
  expect(policy).not.toContain("'unsafe-inline' 'strict-dynamic'");
  const nonce = nonceOf(policy);
  const scriptNonces = await page.locator("script").evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
  expect(scriptNonces.length).toBeGreaterThan(0);
  expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
  const second = await page.goto("/sign-in");
  expect(nonceOf(second!.headers()["content-security-policy"])).not.toBe(nonce);
  // Sandbox over http: no HSTS (it would pin this host to https), no COOP.
  expect(first!.headers()["strict-transport-security"]).toBeUndefined();
  // The page still works under the policy: the form is hydrated and signs in.
  await signInAs(page, "admin");
});

test("the not-found page and an app page carry the policy too", async ({ page }) => {
  await signInAs(page, "admin");
  const missing = await page.goto("/no-such-page");
  expect(missing!.status()).toBe(404);
  nonceOf(missing!.headers()["content-security-policy"]);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  const app = await page.goto("/business");
  nonceOf(app!.headers()["content-security-policy"]);
});

test("the favicon and the app icon are served; no page asks for a missing one", async ({ page, request }) => {
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toMatch(/icon/);
  expect((await request.get("/icon.svg")).status()).toBe(200);
  const missing: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  await page.goto("/sign-in");
  await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute("href", /icon\.svg|favicon\.ico/);
  expect(missing).toEqual([]);
});

test("a forged X-Forwarded-Host matching a hostile Origin is refused (TRUST_PROXY is off)", async ({ page }) => {
  await signInAs(page, "admin");
  const res = await page.request.post("/api/staff", {
    headers: {
      Origin: "https://evil.example",
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "https",
      "Content-Type": "application/json",
    },
    data: { email: "forged@example.com", name: "Forged", role: "ops", generatePassword: true },
  });
  expect(res.status()).toBe(403);
  expect(await res.json()).toMatchObject({ error: { code: "cross_site_request" } });
});

// This one expects violations, so it uses the plain test (the guarded one would fail on it).
unguarded("markup injected into a server-rendered page cannot run script, and the attempt is reported", async ({ page }) => {
  // The real /sign-in response, headers (and so its policy) unchanged, with a stored-XSS payload added.
  await page.route("**/sign-in", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      "<body",
      '<div id="xss"><script>window.__injected = true</script><img src="/favicon.ico" onload="window.__handler = true"></div><body',
    );
    await route.fulfill({ response, body: html });
  });
  const reported: string[] = [];
  await page.exposeFunction("__violation", (directive: string) => reported.push(directive));
  await page.addInitScript(() => {
    document.addEventListener(
      "securitypolicyviolation",
      (e) => (window as unknown as { __violation: (d: string) => void }).__violation(e.effectiveDirective),
      true,
    );
  });
  await page.goto("/sign-in");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect.poll(() => reported.length).toBeGreaterThanOrEqual(2);
  const ran = await page.evaluate(() => {
    const w = window as unknown as { __injected?: boolean; __handler?: boolean };
    return { script: w.__injected === true, handler: w.__handler === true };
  });
  expect(ran).toEqual({ script: false, handler: false });
  expect(reported).toEqual(expect.arrayContaining(["script-src-elem", "script-src-attr"]));
});
