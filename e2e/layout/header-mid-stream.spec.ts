import { expect, test } from "@/e2e/support/fixtures";
import { signInAs } from "@/e2e/support/auth";

/**
 * A browser may paint a page before its HTML has all arrived (a busy server, a slow network). The
 * header's right-hand group is right-aligned, so drawing it part-built and then with the rest would
 * push what was drawn to the left: a layout shift. The group stays invisible until its last child
 * has been parsed. Here the page's own HTML is served cut off inside the group, as a paint
 * mid-stream would see it, and then whole.
 */
test("the header's right-hand group is not drawn until all of it has arrived", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, "finance");
  const html = await (await page.request.get("/finance")).text();
  // Cut just before the end marker's tag: the time zone badge and the search are in, the marker not.
  const cut = html.indexOf("<span data-group-end");
  expect(cut, "the group's end marker is in the page").toBeGreaterThan(0);

  await page.route("**/finance", (route) => route.fulfill({ status: 200, contentType: "text/html", body: html.slice(0, cut) }));
  await page.goto("/finance");
  const group = page.getByTestId("header-actions");
  await expect(group.getByTestId("header-time-zone")).toBeAttached();
  await expect(group).toHaveCSS("visibility", "hidden");

  await page.unroute("**/finance");
  await page.goto("/finance");
  await expect(group).toHaveCSS("visibility", "visible");
  await expect(group.getByRole("button", { name: /search/i })).toBeVisible();
});
