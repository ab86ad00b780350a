import { expect, test, type Page } from "@/e2e/support/fixtures";
import { sameOriginHeaders, signInAs } from "@/e2e/support/auth";
import { simulator } from "@/e2e/support/simulator";
import { confirmedCardRequest } from "@/e2e/support/card-issuance";

const GET_CHECK = "GET /customers/{id}/card-verification";
const POST_CARDS = "POST /cards";
const count = async (page: Page, op: string) => (await simulator.stats(page.request))[op] ?? 0;
const badge = (page: Page) => page.getByTestId("verification-badge");

test.afterEach(async ({ request }) => {
  await simulator.clearFaults(request);
});

test("approved is shared: a second staff session within the minute sees it with no upstream call", async ({ page, browser, baseURL }) => {
  await signInAs(page, "ops");
  await page.goto("/customers/cus_approved");
  await expect(badge(page)).toHaveText("Approved");
  await expect(page.getByText(/does not guarantee/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Create card…" })).toBeEnabled();
  const before = await count(page, GET_CHECK);

  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await signInAs(second, "compliance");
  await second.goto("/customers/cus_approved");
  await expect(badge(second)).toHaveText("Approved");
  await expect(second.getByRole("button", { name: "Submit for verification" })).toHaveCount(0);
  expect(await count(page, GET_CHECK)).toBe(before);
  await other.close();
});

test("20 concurrent create-card requests make one upstream POST /cards", async ({ page, baseURL }) => {
  await signInAs(page, "ops");
  await page.goto("/customers/cus_approved");
  await expect(badge(page)).toHaveText("Approved");
  await simulator.addFault(page.request, { operation: POST_CARDS, latencyMs: 1500, times: 1 });
  const before = await count(page, POST_CARDS);
  // Distinct intents from staff who all saw the newest card: exactly one more is made, however the requests interleave.
  const confirmation = await confirmedCardRequest(page.request, "cus_approved");
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      page.request.post("/api/v1/cards", {
        headers: { ...sameOriginHeaders(baseURL!), "Idempotency-Key": `e2e-concurrent-${Date.now()}-${i}` },
        data: confirmation,
      }),
    ),
  );
  const statuses = answers.map((a) => a.status()).sort();
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  expect(await count(page, POST_CARDS)).toBe(before + 1);
});

test("POST /cards is refused unless the stored verification is approved, and nothing reaches the upstream", async ({ page, baseURL }) => {
  await signInAs(page, "ops");
  const before = await count(page, POST_CARDS);
  const res = await page.request.post("/api/v1/cards", {
    headers: { ...sameOriginHeaders(baseURL!), "Idempotency-Key": `e2e-unapproved-${Date.now()}` },
    data: { customer_id: "cus_will_reject" },
  });
  expect(res.status()).toBe(409);
  expect(await res.json()).toMatchObject({ error: { code: "verification_not_approved" } });
  expect(await count(page, POST_CARDS)).toBe(before);
});

test("pending stays pending when the check answers 503", async ({ page, baseURL }) => {
  await signInAs(page, "ops");
  const submit = await page.request.post("/api/v1/customers/cus_pending/card-verification", {
    headers: sameOriginHeaders(baseURL!),
    data: {},
  });
  expect(submit.status()).toBe(200);
  await simulator.addFault(page.request, { operation: GET_CHECK, status: 503, times: 1 });
  await page.goto("/customers/cus_pending");
  await expect(badge(page)).toHaveText("Pending");
  await expect(page.getByTestId("verification-error")).toContainText("upstream_unavailable");
  await expect(page.getByRole("button", { name: "Verification pending" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Create card…" })).toBeDisabled();
});

test("a 503 code decides between retry later and contact support", async ({ page }) => {
  await signInAs(page, "ops");
  await page.goto("/customers/cus_unavailable");
  await expect(page.getByTestId("verification-error")).toHaveAttribute("data-advice", "retry");
  // The payments API's message already says to try again: the notice says it once.
  await expect(page.getByTestId("verification-error")).toContainText("try again in a few minutes");
  await expect(page.getByTestId("verification-advice")).toHaveCount(0);
  await expect(badge(page)).toHaveText("Status unknown");
  await page.goto("/customers/cus_support");
  await expect(page.getByTestId("verification-error")).toContainText("VERIFICATION_PROVIDER_ERROR");
  await expect(page.getByTestId("verification-error")).toHaveAttribute("data-advice", "support");
  await expect(page.getByTestId("verification-error")).not.toContainText("Retrying will not fix this.");
});

test("rejected, reconciliation, incomplete KYC, Nigerian and unknown customers", async ({ page }) => {
  await signInAs(page, "ops");
  await page.goto("/customers/cus_rejected");
  await expect(badge(page)).toHaveText("Rejected");
  await page.goto("/customers/cus_reconciliation");
  await expect(badge(page)).toHaveText("Reconciliation required");
  await page.goto("/customers/cus_kyc_incomplete");
  await expect(badge(page)).toHaveText("Not submitted");
  await page.getByRole("button", { name: "Submit for verification" }).click();
  await expect(page.getByTestId("verification-error")).toContainText("Residential address");
  await page.goto("/customers/cus_nigerian");
  await page.getByRole("button", { name: "Submit for verification" }).click();
  await expect(badge(page)).toHaveText("Verified at card creation");
  await page.getByRole("button", { name: "Create card…" }).click();
  await expect(page.getByRole("dialog")).toContainText("US dollar card");
  await page.getByRole("dialog").getByRole("button", { name: "Create card" }).click();
  await expect(page.getByTestId("card-result")).toContainText("created");
  await page.goto("/customers/cus_other_business");
  await expect(page.getByText("Customer not found")).toBeVisible();
});

test("a webhook decision appears in an open panel without an upstream check", async ({ page }) => {
  await signInAs(page, "ops");
  await page.goto("/customers/cus_not_submitted");
  await expect(badge(page)).toHaveText("Not submitted");
  await page.getByRole("button", { name: "Submit for verification" }).click();
  await expect(badge(page)).toHaveText("Pending");
  const checks = await count(page, GET_CHECK);
  await expect(badge(page)).toHaveText("Approved", { timeout: 20_000 });
  expect(await count(page, GET_CHECK)).toBe(checks);
  await page.goto("/customers");
  await expect(page.getByRole("table")).toContainText("cus_not_submitted");
  // The delivery is listed with its decision in the words the home page and the panel use.
  await page.locator("summary", { hasText: "Verification decisions received" }).click();
  const delivery = page
    .getByRole("table", { name: "Verification decisions received" })
    .getByRole("row")
    .filter({ hasText: "cus_not_submitted" });
  await expect(delivery.first().getByText("Approved", { exact: true })).toBeVisible();
  // On a phone the delivery is a card of labelled fields: its decision and event id are on screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(delivery.first().getByText("Event id", { exact: true })).toBeVisible();
  for (const cell of await delivery.first().getByRole("cell").all()) {
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width, `the right edge of "${await cell.innerText()}"`).toBeLessThanOrEqual(390);
    expect(await cell.evaluate((td) => td.scrollWidth - td.clientWidth), `text cut off in "${await cell.innerText()}"`).toBeLessThanOrEqual(
      1,
    );
  }
});

test("contact editor validates, normalises and asks before saving during a pending verification", async ({ page }) => {
  await signInAs(page, "ops");
  await page.goto("/customers/cus_pending");
  await expect(badge(page)).toHaveText("Pending");
  await page.getByLabel("Phone number").fill("12345");
  await page.getByRole("button", { name: "Save contact details" }).click();
  await expect(page.locator("#contact-phone-error")).toBeVisible();
  await page.getByLabel("Phone number").fill("+1 415 555 0123");
  await page.getByRole("button", { name: "Save contact details" }).click();
  await expect(page.getByRole("dialog")).toContainText("will not restart or speed up");
  await page.getByRole("button", { name: "Save anyway" }).click();
  await expect(page.getByTestId("contact-result")).toBeVisible();
  await expect(badge(page)).toHaveText("Pending");
});

test("a phone number of the right shape that no numbering plan allows is refused by the server, under the field", async ({ page }) => {
  // The browser checks only the shape (the numbering plans stay on the server): this one passes it.
  await signInAs(page, "ops");
  await page.goto("/customers/cus_approved");
  await page.getByLabel("Phone number").fill("+1 011 555 0123");
  await page.getByRole("button", { name: "Save contact details" }).click();
  await expect(page.locator("#contact-phone-error")).toContainText("valid phone number");
  await expect(page.getByTestId("contact-result")).toHaveCount(0);
});

test("the webhook refuses a missing or bad signature (401) and a malformed signed body (400)", async ({ request }) => {
  const { deliverWebhook } = await import("@/e2e/support/webhooks");
  const event = { event_id: "evt_e2e_bad", customer_id: "cus_rejected", status: "APPROVED" };
  const unsigned = await request.post("/api/webhooks/card-verification", {
    headers: { "Content-Type": "application/json" },
    data: JSON.stringify(event),
  });
  expect(unsigned.status()).toBe(401);
  expect((await deliverWebhook(request, event, "not-the-secret-at-all")).status()).toBe(401);
  expect((await deliverWebhook(request, '{"event_id": 1}')).status()).toBe(400);
});
