import { mkdirSync } from "node:fs";
import { keepScreenshot } from "@/e2e/support/screens";
import { settled } from "@/e2e/support/settled";
import { expect, test, type Page } from "@/e2e/support/fixtures";
import { sameOriginHeaders, signInAs } from "@/e2e/support/auth";
import { simulator } from "@/e2e/support/simulator";
import { codeWords } from "@/lib/format/labels";

// Every page an administrator can open, read as a staff member reads it (the visible text only, so
// a closed "Technical details" fold is not read): no dotted audit action (`auth.sign_in`), no
// UPPER_SNAKE code and no raw local address (`::1`). A code kept beside its own words
// ("Bank transfer (BANK_TRANSFER)", for matching a statement) is words first and allowed.
const SHOTS = "test-results/words-not-codes";

const PAGES = [
  "/",
  "/business",
  "/account",
  "/account/password",
  "/account/security",
  "/account/sessions",
  "/finance",
  "/transactions/txn_usd_0001",
  "/bills/bill_elec_0001",
  "/bills/categories",
  "/collections/col_usd_0001",
  "/cards/card_busy_0001/transactions",
  "/customers",
  "/customers/cus_approved",
  "/customers/cus_not_submitted",
  "/customers/cus_unavailable",
  "/bvn",
  "/audit",
  "/staff",
  "/webhooks",
];

const ACTION_PREFIXES =
  "auth|account|activity|audit|bvn|bill|bill_category|bill_items|business|card|card_transaction|card_transactions|collection|credit|customer|finance|ops|session|staff|transaction|verification|webhook";
const DOTTED_ACTION = new RegExp(`(?<![\\w@.-])(?:${ACTION_PREFIXES})\\.[a-z_]+(?:\\.[a-z_]+)*(?![\\w@-])`, "g");
const UPPER_SNAKE = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;
const RAW_ADDRESS = /(?<![\w:])::1(?![\w:])|\b127\.0\.0\.1\b|::ffff:/g;
// Integration words staff do not use: the decision "pushed to this back-office", "international form".
// A header name quoted in a refusal's technical reason (X-Webhook-Signature) is not copy.
const JARGON = /(?<![\w-])webhooks?(?![\w-])|\bE\.164\b|\bDEFAULT USD\b/gi;

/** The codes a page shows instead of words; empty when it reads as words. */
function codesIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(DOTTED_ACTION)) found.push(m[0]);
  for (const m of text.matchAll(UPPER_SNAKE)) {
    // Allowed only as "Words (CODE)", right after the words it stands for.
    const before = text.slice(0, m.index).toLowerCase();
    if (text[m.index - 1] === "(" && before.slice(0, -1).trimEnd().endsWith(codeWords(m[0]).toLowerCase())) continue;
    found.push(m[0]);
  }
  for (const m of text.matchAll(RAW_ADDRESS)) found.push(m[0]);
  for (const m of text.matchAll(JARGON)) found.push(m[0]);
  return found;
}

async function expectWords(page: Page, what: string) {
  await settled(page, { timeout: 20_000 });
  const text = await page.locator("body").innerText();
  expect(codesIn(text), `${what} shows codes instead of words`).toEqual([]);
}

test("the code filter tells codes from words", () => {
  expect(codesIn("Signed in · admin@example.com · Administrator")).toEqual([]);
  expect(codesIn("auth.sign_in by admin@example.com")).toEqual(["auth.sign_in"]);
  expect(codesIn("Status NOT_SUBMITTED")).toEqual(["NOT_SUBMITTED"]);
  expect(codesIn("Bank transfer (BANK_TRANSFER)")).toEqual([]);
  expect(codesIn("From ::1")).toEqual(["::1"]);
  expect(codesIn("From 127.0.0.1")).toEqual(["127.0.0.1"]);
  expect(codesIn("Pushed to this back-office (its webhook)")).toEqual(["webhook"]);
  expect(codesIn("Missing or invalid X-Webhook-Signature header.")).toEqual([]);
});

test.afterEach(async ({ request }) => {
  await simulator.clearFaults(request);
});

test("every page as an administrator shows words, not codes or raw addresses", async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  await signInAs(page, "admin");
  // Leave a few kinds of entries in the audit trail and the timelines: a lookup, a check, a refusal.
  await page.request.post("/api/v1/identity/bvn", {
    headers: sameOriginHeaders(baseURL!),
    data: { number: "22233344455", purpose: "words check" },
  });
  await page.goto("/customers/cus_not_submitted");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  for (const path of PAGES) {
    await test.step(path, async () => {
      await page.goto(path);
      await expectWords(page, path);
    });
  }

  // An opened audit entry reads in words too; its codes and hashes wait in the fold.
  await page.goto("/audit");
  const row = page.getByTestId("audit-row").first();
  await row.getByRole("button", { name: /Show details/ }).click();
  await expect(page.getByTestId("audit-detail").first()).toBeVisible();
  await expectWords(page, "/audit with an entry open");
  await expect(page.getByTestId("audit-technical").first()).toContainText("Technical details");
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, `${SHOTS}/audit-open-${width}.png`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Filtered by the lookup: the filter offers the action by name, and the row says it in words.
  await page.goto("/audit?action=bvn.lookup");
  await expect(page.getByLabel("Action", { exact: true }).locator("option:checked")).toHaveText("Looked up a BVN");
  await expect(page.getByTestId("audit-row").first()).toContainText("Looked up a BVN");
  await expectWords(page, "/audit filtered by an action");

  // With the payments API failing (a customer not read before, so nothing stored stands in), the
  // errors read in words; the code waits in the fold.
  await simulator.addFault(page.request, { operation: "GET /customers/{id}/card-verification", status: 503 });
  await page.goto("/customers/cus_corporate");
  await expect(page.getByTestId("verification-error")).toBeVisible({ timeout: 20_000 });
  await expectWords(page, "customer page with the payments API failing");
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, `${SHOTS}/customer-upstream-down-${width}.png`);
  }
});
