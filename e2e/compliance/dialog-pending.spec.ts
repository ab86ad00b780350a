import { expect, test, type Locator, type Page, type Route } from "@/e2e/support/fixtures";
import { sameOriginHeaders, signInAs } from "@/e2e/support/auth";
import { simulator } from "@/e2e/support/simulator";

// A dialog whose request is on its way cannot be closed: the answer may be shown only once (a
// one-time password, a generated one), and a dialog closed meanwhile dropped it while the change
// itself went through. The server's answer is held here, after the server has acted, as a slow
// database or upstream would hold it.
const PASSWORD = "a-long-e2e-password-123";
const uniqueEmail = (tag: string) => `dialog-pending-e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Holds the answers of the requests `matches` picks until `release()`: the server has acted, the browser does not know yet. */
async function holdAnswers(page: Page, url: string, matches: (route: Route) => boolean) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let arrived = () => {};
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  await page.route(url, async (route) => {
    if (!matches(route)) return route.fallback();
    const response = await route.fetch();
    arrived();
    await held;
    await route.fulfill({ response });
  });
  return { reached, release };
}

/** What closing a dialog by every way there is does while its request runs: nothing. */
async function expectNotClosable(page: Page, dialog: Locator) {
  await expect(dialog.getByText("Working…")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeDisabled();
  await page.keyboard.press("Escape");
  // Beside the dialog: the overlay's top-left corner.
  await page.mouse.click(4, 4);
  await expect(dialog).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signInAs(page, "admin");
});

test("a password reset whose answer is slow cannot be closed, and its one-time password is shown", async ({ page, baseURL }) => {
  // Unique: a retry of this test adds another member, and the row's button is found by the name.
  const name = `Pending Resettable ${Date.now() % 1_000_000}`;
  const created = await page.request.post("/api/staff", {
    headers: sameOriginHeaders(baseURL!),
    data: { email: uniqueEmail("reset"), name, role: "ops", password: PASSWORD },
  });
  expect(created.status()).toBe(200);

  await page.goto("/staff");
  const slow = await holdAnswers(page, "**/api/staff/*/password/reset", (route) => route.request().method() === "POST");
  await page.getByRole("button", { name: `Reset password of ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Reset ${name}'s password?` });
  await dialog.getByRole("button", { name: "Reset password" }).click();
  // The server has reset the password and ended the sessions; its answer has not reached the page.
  await slow.reached;
  await expectNotClosable(page, dialog);

  slow.release();
  const oneTime = dialog.getByTestId("generated-password");
  await expect(oneTime).toBeVisible();
  expect((await oneTime.textContent())!.trim()).toHaveLength(16);
  await expect(dialog.getByText("Working…")).toHaveCount(0);
  // Answered: Escape closes it again.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("adding a member whose answer is slow cannot be closed, and the generated password is shown", async ({ page }) => {
  await page.goto("/staff");
  await page.getByRole("button", { name: "Add staff member" }).click();
  const dialog = page.getByRole("dialog", { name: "Add staff member" });
  await dialog.getByLabel("Name").fill("Pending Added");
  await dialog.getByLabel("Work email").fill(uniqueEmail("add"));
  await dialog.getByLabel("Role").selectOption("ops");
  await dialog.getByLabel("Generate a password").check();
  const slow = await holdAnswers(page, "**/api/staff", (route) => route.request().method() === "POST");
  await dialog.getByRole("button", { name: "Add staff member" }).click();
  await slow.reached;
  await expectNotClosable(page, dialog);

  slow.release();
  const added = page.getByRole("dialog", { name: "Staff member added" });
  await expect(added.getByTestId("generated-password")).toBeVisible();
  await added.getByRole("button", { name: "Done" }).click();
  await expect(added).toBeHidden();
});

test("a credit whose outcome is unknown is sent again with its reference after the dialog is reopened: never a second credit", async ({
  page,
  request,
}) => {
  const CREDIT = "POST /checkouts/{accountNo}/credit";
  await page.goto("/collections/col_usd_0001");
  await page.getByRole("button", { name: "Simulate incoming credit" }).click();
  const dialog = page.getByRole("dialog", { name: "Simulate incoming credit" });
  await dialog.getByLabel(/^Amount/).fill("12.34");
  await dialog.getByLabel(/^Sender account name/).fill("Una Known");
  await dialog.getByLabel(/^Sender account number/).fill("0011223344");
  await dialog.getByLabel(/^Sender bank code/).fill("058");
  await dialog.getByLabel(/^Sender bank name/).fill("Test Bank");
  await dialog.getByLabel(/^Narration/).fill("Timeout then retry");
  const reference = await dialog.getByLabel(/^Reference/).inputValue();
  expect(reference).not.toBe("");

  // The payments API times out: the credit may have been made.
  await simulator.resetStats(request);
  await simulator.addFault(request, { operation: CREDIT, status: 504, times: 1 });
  await dialog.getByRole("button", { name: "Simulate credit" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "may have been credited" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Opened again: the same credit, reference and all, not a fresh one.
  await page.getByRole("button", { name: "Simulate incoming credit" }).click();
  await expect(dialog.getByLabel(/^Reference/)).toHaveValue(reference);
  await expect(dialog.getByLabel(/^Amount/)).toHaveValue("12.34");
  await dialog.getByRole("button", { name: "Simulate credit" }).click();
  // The server replays the first attempt's answer: the payments API was asked once.
  await expect(dialog.getByRole("alert").filter({ hasText: "may have been credited" })).toBeVisible();
  expect((await simulator.stats(request))[CREDIT] ?? 0).toBe(1);
  await simulator.clearFaults(request);
});
