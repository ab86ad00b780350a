import pg from "pg";
import { expect, test, type Page } from "@/e2e/support/fixtures";
import { sameOriginHeaders, signInAs } from "@/e2e/support/auth";
import { shootBothWidths } from "@/e2e/support/screens";

// The address allowlist. The suite's servers run without TRUST_PROXY, so a request's single
// X-Forwarded-For address is taken as its address: this spec plays another network that way.
// Every other spec shares the server: the list is emptied at the end, and the spec waits out the
// instance's 5-second copy of it.
const OUTSIDE = "198.51.100.7";

async function emptyList(page: Page, baseURL: string) {
  const res = await page.request.put("/api/settings/allowlist", { headers: sameOriginHeaders(baseURL), data: { ranges: [] } });
  expect(res.status()).toBe(200);
}

test.afterAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, "admin");
  await emptyList(page, baseURL!);
  await context.close();
});

test("an admin restricts access to their own network; other addresses are refused, a list without theirs is not saved", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await signInAs(page, "admin");
  await page.goto("/settings");
  const form = page.getByTestId("allowlist-settings");
  const address = (await form.getByTestId("your-address").textContent())!.trim();
  expect(address).not.toBe("unknown");

  // A list without the admin's own address: warned on the page, refused by the server.
  await form.getByLabel("Allowed ranges").fill("10.0.0.0/8");
  await expect(form.getByRole("alert").first()).toContainText("would lock you out");
  await form.getByRole("button", { name: "Save the allowlist" }).click();
  await expect(form.getByText(/is not in the list: saving it would lock you out/)).toBeVisible();

  // A malformed range is named.
  const bad = await page.request.put("/api/settings/allowlist", {
    headers: sameOriginHeaders(baseURL!),
    data: { ranges: ["127.0.0.0/8", "10.0.0.0/33"] },
  });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ error: { code: "invalid_request", field: "ranges.1" } });

  // Loopback in both forms: the admin's own address is in it.
  await form.getByLabel("Allowed ranges").fill("127.0.0.0/8\n::1/128");
  await form.getByRole("button", { name: "Save the allowlist" }).click();
  await expect(form.getByRole("status")).toContainText("Saved");
  await shootBothWidths(page, "h34", "allowlist-settings");
  expect((await page.request.get("/api/settings/allowlist")).status()).toBe(200);

  // Another network: API, pages and sign-in are refused.
  const api = await page.request.get("/api/settings/allowlist", { headers: { "X-Forwarded-For": OUTSIDE } });
  expect(api.status()).toBe(403);
  expect(await api.json()).toMatchObject({ error: { code: "address_not_allowed" } });
  const outside = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": OUTSIDE } });
  const visitor = await outside.newPage();
  await visitor.goto("/sign-in");
  await visitor.getByLabel("Work email").fill("admin@example.com");
  await visitor.getByLabel("Password").fill("not-checked-at-all");
  await visitor.getByRole("button", { name: "Sign in" }).click();
  await expect(visitor.getByText("This back-office cannot be used from your network address.")).toBeVisible();
  await outside.close();
  const probe = await page.request.get("/api/health", { headers: { "X-Forwarded-For": OUTSIDE } });
  expect(probe.status()).toBe(200);

  await emptyList(page, baseURL!);
  expect((await page.request.get("/api/settings/allowlist", { headers: { "X-Forwarded-For": OUTSIDE } })).status()).toBe(200);
});

test("a list set in the database that leaves out the test's own address shuts the API (within the 5-second copy), and lifting it restores it", async ({
  page,
}) => {
  const url = process.env.DATABASE_URL;
  test.skip(!url?.startsWith("postgres"), "needs the database the app uses: the PostgreSQL pass");
  await signInAs(page, "admin");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      "INSERT INTO address_allowlist (id, ranges) VALUES (1, '{10.0.0.0/8}') ON CONFLICT (id) DO UPDATE SET ranges = EXCLUDED.ranges",
    );
    await expect.poll(async () => (await page.request.get("/api/settings/allowlist")).status(), { timeout: 15_000 }).toBe(403);
  } finally {
    await client.query("DELETE FROM address_allowlist");
    await client.end();
  }
  await expect.poll(async () => (await page.request.get("/api/settings/allowlist")).status(), { timeout: 15_000 }).toBe(200);
});
