import type { APIRequestContext } from "@playwright/test";
import { expect, test, type Page } from "@/e2e/support/fixtures";
import { sameOriginHeaders, signInAs } from "@/e2e/support/auth";
import { deliverWebhook } from "@/e2e/support/webhooks";
import { simulator } from "@/e2e/support/simulator";

// The simulator holds this customer's verification as REJECTED.
const CUSTOMER = "cus_rejected";
const POST_CARDS = "POST /cards";
const badge = (page: Page) => page.getByTestId("verification-badge");

/** A decision about CUSTOMER, signed as the provider signs it, under an event id of its own. */
function deliver(request: APIRequestContext, status: string, decidedAt: string) {
  return deliverWebhook(request, {
    event_id: `evt_e2e_time_${Date.now()}_${Math.random().toString(36).slice(2)}`,
    customer_id: CUSTOMER,
    status,
    decided_at: decidedAt,
  });
}

test("a webhook cannot outrank a later check: the page shows the provider's REJECTED and no card request goes upstream", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, "ops");
  await page.goto(`/customers/${CUSTOMER}`);
  // An earlier test may have checked this customer: wait out that shared minute so a check can be made below.
  const checkNow = page.getByRole("button", { name: "Check status now" });
  await expect(checkNow).toBeEnabled({ timeout: 65_000 });

  // A decision dated far ahead is refused, naming the field; one from a clock 4 minutes fast is taken.
  const farFuture = await deliver(page.request, "APPROVED", "2999-01-01T00:00:00Z");
  expect(farFuture.status()).toBe(400);
  expect((await farFuture.json()).error).toMatchObject({ field: "decided_at" });
  const yearZero = await deliver(page.request, "APPROVED", "0000-01-01T00:00:00Z");
  expect(yearZero.status()).toBe(400);
  const ahead = await deliver(page.request, "approved", new Date(Date.now() + 4 * 60_000).toISOString());
  expect(await ahead.json()).toMatchObject({ received: true, applied: true });
  await page.reload();
  await expect(badge(page)).toHaveText("Approved");

  // Asked afterwards, the provider answers REJECTED: that is what the page shows, and no card is offered.
  await page.getByRole("button", { name: "Check status now" }).click();
  await expect(badge(page)).toHaveText("Rejected");
  await expect(page.getByRole("button", { name: "Create card…" })).toBeDisabled();
  await page.reload();
  await expect(badge(page)).toHaveText("Rejected");

  // The server's card rule reads the same answer.
  const before = (await simulator.stats(page.request))[POST_CARDS] ?? 0;
  const res = await page.request.post("/api/v1/cards", {
    headers: { ...sameOriginHeaders(baseURL!), "Idempotency-Key": `e2e-webhook-time-${Date.now()}` },
    data: { customer_id: CUSTOMER },
  });
  expect(res.status()).toBe(409);
  expect((await res.json()).error.code).toBe("verification_not_approved");
  expect((await simulator.stats(page.request))[POST_CARDS] ?? 0).toBe(before);
});
