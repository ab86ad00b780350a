import { test as unguarded } from "@playwright/test";
import { signInAs } from "../support/auth";
import { expect, test } from "../support/fixtures";

function nonceOf(policy: string | undefined): string {
  const match = /script-src [^;]*'nonce-([^']+)'/.exec(policy ?? "");
  expect(match, `a script nonce in: ${policy}`).not.toBeNull();
  return match![1]!;
}

test("the sign-in page carries a strict, per-request Content-Security-Policy, and its scripts carry the nonce", async ({ page }) => {
  const first = await page.goto("/sign-in");
  const policy = first!.headers()["content-security-policy"];
  for (const directive of ["'strict-dynamic'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(policy).toContain(directive);
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
    headers: { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https", "Content-Type": "application/json" },
    data: { email: "forged@example.com", name: "Forged", role: "ops", generatePassword: true },
  });
  expect(res.status()).toBe(403);
  expect(await res.json()).toMatchObject({ error: { code: "cross_site_request" } });
});

// This one expects a violation, so it uses the plain test (the guarded one would fail on it).
unguarded("an injected inline script and eval are blocked and reported", async ({ page }) => {
  await page.goto("/sign-in");
  const outcome = await page.evaluate(async () => {
    const reported: string[] = [];
    document.addEventListener("securitypolicyviolation", (e) => reported.push(e.effectiveDirective));
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    document.body.append(script);
    let evalRan = false;
    try {
      evalRan = (0, eval)("true") as boolean;
    } catch {
      evalRan = false;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { injected: (window as unknown as { __injected?: boolean }).__injected === true, evalRan, reported };
  });
  expect(outcome.injected).toBe(false);
  expect(outcome.evalRan).toBe(false);
  expect(outcome.reported).toEqual(expect.arrayContaining(["script-src-elem", "script-src"]));
});
