import { expect, test, type Page } from "@/e2e/support/fixtures";
import { signInAs } from "@/e2e/support/auth";
import { shootBothWidths } from "@/e2e/support/screens";
import { deliverWebhook } from "@/e2e/support/webhooks";

const shoot = (page: Page, name: string) => shootBothWidths(page, "webhook-log", name);
const run = Date.now().toString(36);
const CUSTOMER = `cus_e2e_log_${run}`;

test("an admin reads every delivery with its outcome, re-applies one once from two tabs, and sees refusals spike on the home", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const decided = new Date(Date.now() - 60_000).toISOString();
  const approved = { event_id: `evt_e2e_log_${run}`, customer_id: CUSTOMER, status: "APPROVED", decided_at: decided };
  expect((await deliverWebhook(request, approved)).status()).toBe(200);
  expect((await deliverWebhook(request, approved)).status()).toBe(200);
  const older = { event_id: `evt_e2e_log_old_${run}`, customer_id: CUSTOMER, status: "REJECTED", decided_at: "2026-01-01T00:00:00Z" };
  expect((await deliverWebhook(request, older)).status()).toBe(200);
  const shapeless = { event_id: `evt_e2e_log_bad_${run}`, customer_id: CUSTOMER, status: "MAYBE", bvn: "22222222222" };
  expect((await deliverWebhook(request, shapeless)).status()).toBe(400);
  // A burst of forged deliveries: far more than the day before.
  for (let i = 0; i < 12; i++) {
    const forged = { event_id: `evt_e2e_forged_${run}_${i}`, customer_id: `cus_forged_${run}`, status: "APPROVED" };
    expect((await deliverWebhook(request, forged, "not-the-secret-at-all-0000")).status()).toBe(401);
  }

  await signInAs(page, "admin");
  await page.goto("/");
  await expect(page.getByTestId("refusal-spike")).toContainText("refused in the last hour");
  const panel = page.getByTestId("home-refused-deliveries");
  await expect(panel).toBeVisible();
  expect(Number(await panel.getByTestId("refused-last-hour").textContent())).toBeGreaterThanOrEqual(13);
  await shoot(page, "home-admin");

  await page.getByRole("navigation").getByRole("link", { name: "Incoming updates" }).first().click();
  await expect(page).toHaveURL(/\/webhooks$/);
  await expect(page.getByRole("heading", { name: "Incoming updates", level: 1 })).toBeVisible();
  const rows = page.getByTestId("delivery-row");
  const ours = rows.filter({ hasText: CUSTOMER });
  await expect(ours.filter({ hasText: "Applied" }).first()).toBeVisible();
  await expect(ours.filter({ hasText: "Duplicate: already received" })).toHaveCount(1);
  await expect(ours.filter({ hasText: "Older than the stored decision" })).toHaveCount(1);
  const bad = ours.filter({ hasText: "Not a valid decision" });
  await expect(bad).toContainText("status");
  // The kept payload is masked: the BVN in it never reaches the page.
  await bad.getByText("Payload (masked)").click();
  await expect(bad.getByTestId("delivery-payload")).toContainText("MAYBE");
  await expect(page.locator("body")).not.toContainText("22222222222");
  // A forged delivery keeps nothing of what it claimed.
  await expect(rows.filter({ hasText: "Signature missing or wrong" }).first()).toContainText("Unknown");
  await expect(page.locator("body")).not.toContainText(`cus_forged_${run}`);
  await shoot(page, "log");

  // Paging: the refused filter, then the next page by its cursor.
  await page.getByRole("link", { name: "Refused", exact: true }).click();
  await expect(page).toHaveURL(/outcome=refused/);
  await expect(page.locator('[data-testid="delivery-row"]:not([data-outcome="refused"])')).toHaveCount(0);

  // Two tabs press Re-apply on the applied delivery: it is applied once, the other tab is told so.
  await page.goto("/webhooks?outcome=accepted");
  const second = await browser.newPage({ storageState: await page.context().storageState() });
  await second.goto("/webhooks?outcome=accepted");
  const target = (p: Page) => p.getByTestId("delivery-row").filter({ hasText: CUSTOMER }).filter({ hasText: "Applied" }).first();
  await Promise.all([target(page).getByTestId("reapply").click(), target(second).getByTestId("reapply").click()]);
  const told = (p: Page) => p.getByRole("status").filter({ hasText: /re-applied|not applied/i });
  await expect(told(page)).toBeVisible();
  await expect(told(second)).toBeVisible();
  const said = [await told(page).textContent(), await told(second).textContent()];
  expect(said.filter((t) => t?.startsWith("Already re-applied"))).toHaveLength(1);
  await page.reload();
  await expect(page.getByTestId("reapplied").first()).toContainText("admin@example.com");
  await shoot(page, "log-reapplied");
  await second.close();

  // The audit trail holds each request, the replay too.
  await page.goto("/audit");
  await expect(page.locator('[data-testid="audit-row"][data-action="webhook.reapply"]').first()).toContainText(
    "Re-applied an incoming update",
  );
});

test("the log is for administrators only: not in anyone else's navigation, refused by address", async ({ page }) => {
  await signInAs(page, "finance");
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Incoming updates" })).toHaveCount(0);
  await page.goto("/webhooks");
  await expect(page.getByText(/Not available to your role/)).toBeVisible();
  const api = await page.request.get("/api/v1/webhook-deliveries");
  expect(api.status()).toBe(403);
  await shoot(page, "log-finance-refused");
});
