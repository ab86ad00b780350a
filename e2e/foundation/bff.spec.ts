import { expect, test } from "@/e2e/support/fixtures";
import { sameOriginHeaders, signInAs } from "@/e2e/support/auth";
import { simulator } from "@/e2e/support/simulator";

test.afterEach(async ({ request }) => {
  await simulator.clearFaults(request);
});

test("health answers without a session", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  // Liveness only: the database and the payments API are readiness's business.
  expect(await res.json()).toEqual({ ok: true, environment: "sandbox", upstream: "http" });
});

test("a BFF route without a session answers 401 JSON, not a redirect", async ({ request }) => {
  const res = await request.get("/api/v1/business", { maxRedirects: 0 });
  expect(res.status()).toBe(401);
  expect(await res.json()).toMatchObject({ error: { code: "unauthenticated" } });
  expect(res.headers()["cache-control"]).toBe("no-store");
});

test.describe("signed in", () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, "finance");
    // Leave the landing page (the role's home) once it has rendered, so nothing of it counts in the upstream stats.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("about:blank");
  });

  test("reads the business through the BFF, parsed and no-store", async ({ page }) => {
    const res = await page.request.get("/api/v1/business");
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("no-store");
    expect(await res.json()).toMatchObject({ id: "biz_sandbox_001" });
  });

  test("an unknown id is a 404 envelope", async ({ page }) => {
    const res = await page.request.get("/api/v1/transactions/txn_does_not_exist");
    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
  });

  test("a bad id never reaches the upstream", async ({ page, request }) => {
    await simulator.resetStats(request);
    for (const id of ["a.b", "a%2Fb", "x%5Cy", "a%3Fb", "a%23b", "a%252e", "a%00b", "a".repeat(200)]) {
      const res = await page.request.get(`/api/v1/transactions/${id}`);
      expect(res.status(), id).toBe(400);
      expect(await res.json()).toMatchObject({ error: { field: "id" } });
    }
    // A dot-segment is resolved away by URL parsing before routing: no route matches at all.
    expect((await page.request.get("/api/v1/transactions/%2e%2e")).status()).toBe(404);
    const stats = await simulator.stats(request);
    expect(stats["GET /transactions/{id}"] ?? 0).toBe(0);
  });

  test("upstream 503 on a GET is retried, then surfaces as 503 with a clear message", async ({ page, request }) => {
    await simulator.resetStats(request);
    await simulator.addFault(request, { operation: "GET /business", status: 503 });
    const res = await page.request.get("/api/v1/business");
    expect(res.status()).toBe(503);
    expect(await res.json()).toMatchObject({ error: { code: "upstream_unavailable" } });
    expect((await simulator.stats(request))["GET /business"]).toBe(3);
  });

  test("one transient upstream failure is absorbed by the retry", async ({ page, request }) => {
    await simulator.addFault(request, { operation: "GET /business", drop: true, times: 1 });
    const res = await page.request.get("/api/v1/business");
    expect(res.status()).toBe(200);
  });

  test("a malformed upstream body is a 502, never a crash", async ({ page, request }) => {
    await simulator.addFault(request, { operation: "GET /business", malformed: true });
    const res = await page.request.get("/api/v1/business");
    expect(res.status()).toBe(502);
    expect(await res.json()).toMatchObject({ error: { code: "upstream_invalid_response" } });
  });

  test("a slow upstream hits the deadline: 504", async ({ page, request }) => {
    await simulator.addFault(request, { operation: "GET /business", latencyMs: 5_000 });
    const res = await page.request.get("/api/v1/business");
    expect(res.status()).toBe(504);
    expect(await res.json()).toMatchObject({ error: { code: "upstream_timeout" } });
  });

  test("a dropped connection on every try is a 502", async ({ page, request }) => {
    await simulator.addFault(request, { operation: "GET /business", drop: true });
    const res = await page.request.get("/api/v1/business");
    expect(res.status()).toBe(502);
  });

  test("an upstream redirect is not followed", async ({ page, request }) => {
    await simulator.addFault(request, { operation: "GET /business", redirect: true });
    const res = await page.request.get("/api/v1/business");
    expect(res.status()).toBe(502);
    expect(await res.json()).toMatchObject({ error: { code: "upstream_redirected" } });
  });

  test("the business page shows the envelope's message and a retry when the upstream fails", async ({ page, request }) => {
    await simulator.addFault(request, { operation: "GET /business", status: 503 });
    await page.goto("/business");
    await expect(page.getByText("temporarily unavailable")).toBeVisible();
    await simulator.clearFaults(request);
    await page.getByRole("button", { name: /try again|retry/i }).click();
    await expect(page.getByText("biz_sandbox_001")).toBeVisible();
  });

  test("a slow payments API: the page says what it waits for, then one error with Try again, and the browser does not ask again", async ({
    page,
    request,
  }) => {
    await simulator.resetStats(request);
    // Longer than the app's deadline (3 s in this suite), as a bad day upstream would be.
    await simulator.addFault(request, { operation: "GET /business", latencyMs: 15_000 });
    await page.goto("/business");
    await expect(page.getByTestId("waiting-note")).toHaveText("Waiting for the payments API: the business profile…");
    await expect(page.getByTestId("waiting-note")).toBeVisible();
    await expect(page.getByRole("heading", { name: "This could not be loaded" })).toBeVisible();
    await expect(page.getByRole("button", { name: /try again/i })).toBeVisible();
    // The server's one call timed out; a timeout is not retried by the browser.
    expect((await simulator.stats(request))["GET /business"]).toBe(1);
    await simulator.clearFaults(request);
  });

  test("the business page names the API's codes in words and keeps each code beside them", async ({ page }) => {
    await page.goto("/business");
    await expect(page.getByRole("heading", { level: 1, name: "Harbor & Pine Trading Ltd" })).toBeVisible();
    await expect(page.getByText("Limited liability company (LIMITED_LIABILITY_COMPANY)")).toBeVisible();
    await expect(page.getByText("Nigeria (NG)")).toBeVisible();
    await expect(page.getByText("Active", { exact: true })).toBeVisible();
  });

  test("ops cannot read or write finance routes: 403 JSON", async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, "ops");
    const res = await page.request.get("/api/v1/transactions/txn_usd_0001");
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: "forbidden" } });
    // A same-origin write passes the origin check, so the refusal is the role's.
    const credit = await page.request.post("/api/v1/checkouts/1234567890/credit", {
      headers: sameOriginHeaders(baseURL!),
      data: { amount: "10.00", reference: "ops-attempt" },
    });
    expect(credit.status()).toBe(403);
    expect(await credit.json()).toMatchObject({ error: { code: "forbidden" } });
    await context.close();
  });

  test("a write from another site is refused before the upstream, even on a route the role may use", async ({ browser, request }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, "ops");
    await simulator.resetStats(request);
    const res = await page.request.post("/api/v1/customers/cus_approved/update", {
      headers: { Origin: "https://attacker.example", "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" },
      data: { email: "new.contact@example.com" },
    });
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: "cross_site_request" } });
    expect((await simulator.stats(request))["POST /customers/{id}/update"] ?? 0).toBe(0);
    await context.close();
  });
});
