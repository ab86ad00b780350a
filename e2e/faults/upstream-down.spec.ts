import { formatTimeOfDay } from "@/lib/format/dates";
import { signedIn } from "./signed-in";
import { expect, test } from "@/e2e/support/fixtures";
import { simulator } from "@/e2e/support/simulator";

/**
 * The payments API failing: after consecutive 5xx the app's circuit breaker answers at once, and
 * the page says when it will try again, in the member's time zone, then recovers by itself.
 */

const TRANSACTION = "txn_usd_0001";
const OPERATION = "GET /transactions/{id}";

test.use({ timezoneId: "Asia/Tokyo" });

test.afterEach(async ({ request }) => {
  await simulator.clearFaults(request);
});

test("a failing payments API: the page says it is not answering and when it retries, then shows the record once the API is back", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, "finance");
  await simulator.clearFaults(request);
  await simulator.addFault(request, { operation: OPERATION, status: 500 });

  // Each failing load counts against the breaker; the answer that says it opened carries Retry-After.
  const refusals: { at: number; retryAfter: number }[] = [];
  page.on("response", (response) => {
    if (response.url().includes(`/api/v1/transactions/${TRANSACTION}`) && response.status() === 503) {
      refusals.push({ at: Date.now(), retryAfter: Number(response.headers()["retry-after"]) });
    }
  });
  const notAnswering = page.getByText(/The payments API is not answering; retrying at \d\d:\d\d\./);
  await page.goto(`/transactions/${TRANSACTION}`);
  await expect(page.getByText(/could not be loaded|not answering/).first()).toBeVisible({ timeout: 30_000 });
  // The browser does not ask again after a server failure: each view counts once, so staff reload
  // until the breaker has counted its threshold of failures and opens.
  for (let i = 0; i < 8 && refusals.length === 0; i++) {
    await page.reload();
    await expect(page.getByText(/could not be loaded|not answering/).first()).toBeVisible({ timeout: 30_000 });
  }
  await expect(notAnswering).toBeVisible({ timeout: 30_000 });
  expect(refusals.length).toBeGreaterThan(0);
  const refusal = refusals[refusals.length - 1]!;
  expect(refusal.retryAfter).toBeGreaterThan(0);
  // The time is the member's (the browser's zone here: Tokyo), a few seconds either way of the refusal's retry time.
  const shown = /retrying at (\d\d:\d\d)/.exec((await notAnswering.textContent()) ?? "")![1];
  const candidates = [-3, 0, 3].map((s) =>
    formatTimeOfDay(new Date(refusal.at + refusal.retryAfter * 1000 + s * 1000).toISOString(), { timeZone: "Asia/Tokyo" }),
  );
  expect(candidates).toContain(shown);

  // The API comes back: at the time it named, the page asks again and shows the transaction.
  const served = page.waitForResponse((r) => r.url().includes(`/api/v1/transactions/${TRANSACTION}`) && r.status() === 200, {
    timeout: 40_000,
  });
  await simulator.clearFaults(request);
  await served;
  await expect(page.getByText(/could not be loaded|not answering/)).toHaveCount(0);
});
