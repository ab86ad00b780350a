import { expect, test } from "@/e2e/support/fixtures";
import { signedIn } from "./signed-in";

/**
 * A part of the shell fetched on first use (the phone's menu) whose code does not arrive, as on a
 * flaky mobile connection: the page stays as it was, a notice says the part could not be loaded, and
 * its "Try again" fetches it afresh. Before, the failure reached no error boundary but Next.js's own,
 * which replaced the whole page.
 */

test.use({ viewport: { width: 390, height: 844 } });

test("a menu whose code is lost on the way leaves the page, says so, and opens on Try again", async ({ page }) => {
  await signedIn(page, "finance");
  await page.goto("/finance");
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  await page.waitForLoadState("networkidle");

  // From now on no script arrives: the drawer's chunk is requested only when the menu is pressed.
  const chunks = /\/_next\/static\/chunks\/.+\.js(\?.*)?$/;
  await page.route(chunks, (route) => route.abort("connectionreset"));
  await page.getByRole("button", { name: "Menu" }).click();

  const notice = page.getByRole("alert").filter({ hasText: "Could not load this part." });
  await expect(notice).toBeVisible();
  await expect(heading).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.unroute(chunks);
  await notice.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(notice).toHaveCount(0);
  // Closed, the page is the one it was (the open drawer hides it from the accessibility tree).
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(heading).toBeVisible();
});
