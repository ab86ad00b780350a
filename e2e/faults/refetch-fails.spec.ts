import { sameOriginHeaders } from "@/e2e/support/auth";
import { expect, test } from "@/e2e/support/fixtures";
import { signedIn } from "./signed-in";

/**
 * A read that fails after the page has drawn its answer: the customer page, re-reading the stored
 * verification every 3 s while it is pending, keeps what it shows and what staff typed, and says
 * above it that it could not refresh. The read is the back-office's own (the database, not the
 * payments API), so the failure is injected in the browser, on the page's own request.
 */

const CUSTOMER = "cus_pending";
// The page's re-read (and the "check now" read, `?refresh=1`): not the submit, which is a POST.
const READ = new RegExp(`/api/v1/customers/${CUSTOMER}/card-verification(\\?.*)?$`);
const MESSAGE = "The stored verification could not be read. Try again.";

test("a failed re-read of a pending customer keeps the page and what was typed, says so, and recovers", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signedIn(page, "ops");
  // Pending whatever ran before (the simulator never decides this customer); already pending is not an error.
  await page.request.post(`/api/v1/customers/${CUSTOMER}/card-verification`, { headers: sameOriginHeaders(baseURL!), data: {} });
  await page.goto(`/customers/${CUSTOMER}`);
  await expect(page.getByTestId("verification-badge")).toHaveText("Pending");

  // Typed and not saved: a page drawn afresh would have lost it.
  const email = page.getByRole("textbox", { name: "Email address", exact: true });
  await email.fill("typed.not.saved@example.com");

  let failed = 0;
  await page.route(READ, async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    failed += 1;
    await route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "internal_error", message: MESSAGE } }),
    });
  });

  // The next poll (every 3 s while pending) fails: the line comes, the page stays.
  const line = page.getByTestId("refresh-failed");
  await expect(line).toBeVisible({ timeout: 20_000 });
  expect(failed).toBeGreaterThan(0);
  await expect(line).toHaveAttribute("role", "status");
  await expect(line).toContainText(`Could not refresh: ${MESSAGE}`);
  await expect(line).toContainText(/showing what was read at \d{1,2} \w{3} \d{4}, \d\d:\d\d:\d\d/);
  await expect(page.getByTestId("verification-badge")).toHaveText("Pending");
  await expect(email).toHaveValue("typed.not.saved@example.com");
  await expect(page.getByRole("heading", { name: "This could not be loaded" })).toHaveCount(0);

  // Try again asks again at once; while the read still fails, the line stays and nothing below it moves.
  const failedBefore = failed;
  await line.getByRole("button", { name: "Try again" }).click();
  await expect.poll(() => failed, { timeout: 10_000 }).toBeGreaterThan(failedBefore);
  await expect(line).toBeVisible();
  await expect(page.getByTestId("verification-badge")).toHaveText("Pending");
  await expect(email).toHaveValue("typed.not.saved@example.com");

  // The read answers again (the next poll): the line goes, and the page and the typed text stay.
  await page.unroute(READ);
  await expect(line).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId("verification-badge")).toHaveText("Pending");
  await expect(email).toHaveValue("typed.not.saved@example.com");
});
