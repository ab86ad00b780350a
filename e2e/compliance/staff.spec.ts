import { expect, test, type APIRequestContext, type Browser, type Page } from "@/e2e/support/fixtures";
import { expectAccessible } from "@/e2e/support/accessibility";
import type { Role } from "@/lib/permissions";
import { demoEmail, sameOriginHeaders, signInAs, signInWith } from "@/e2e/support/auth";

// The whole run shares one database: these tests never disable or demote a demo account, except
// the demo admin's refused attempts. Every account changed here is a fresh one with its own email.
const E2E_PREFIX = "staff-e2e-";
const uniqueEmail = (tag: string) => `${E2E_PREFIX}${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const PASSWORD = "a-long-e2e-password-123";

type Member = { id: string; email: string; name: string; role: Role; status: "active" | "disabled" };
type AuditEntry = {
  action: string;
  target: string | null;
  outcome: string;
  actorEmail: string | null;
  detail: Record<string, unknown> | null;
};

/** Creates a member through the API, as the signed-in admin of `page`. */
async function createMember(page: Page, baseURL: string, role: Role, tag: string): Promise<Member> {
  const res = await page.request.post("/api/staff", {
    headers: sameOriginHeaders(baseURL),
    data: { email: uniqueEmail(tag), name: `E2E ${tag}`, role, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { member: Member }).member;
}

function patchMember(request: APIRequestContext, baseURL: string, id: string, data: Partial<Pick<Member, "role" | "status">>) {
  return request.patch(`/api/staff/${id}`, { headers: sameOriginHeaders(baseURL), data });
}

async function staffList(page: Page): Promise<Member[]> {
  const res = await page.request.get("/api/staff");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { staff: Member[] }).staff;
}

async function auditEntries(page: Page, action: string): Promise<AuditEntry[]> {
  const res = await page.request.get(`/api/audit?action=${action}&limit=200`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { entries: AuditEntry[] }).entries;
}

async function newSignedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWith(page, email, password);
  return page;
}

const rowOf = (page: Page, email: string) => page.getByTestId("staff-row").filter({ hasText: email });

test.describe("as admin", () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, "admin");
  });

  test("adds a member with a generated password shown once; the member signs in with it", async ({ page, browser }) => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Staff" }).click();
    await expect(page.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();
    const table = page.getByRole("table", { name: "Staff members" });
    for (const header of ["Name", "Email", "Role", "Status", "Created", "Last sign-in"])
      await expect(table.getByRole("columnheader", { name: header })).toBeVisible();
    await expect(rowOf(page, demoEmail("admin"))).toContainText("you");
    await expectAccessible(page);

    await page.getByRole("button", { name: "Add staff member" }).click();
    const dialog = page.getByRole("dialog", { name: "Add staff member" });
    await dialog.getByRole("button", { name: "Add staff member" }).click();
    await expect(dialog.getByText("Enter the name.")).toBeVisible();
    await expect(dialog.getByText("Enter a valid email address.")).toBeVisible();
    await expect(dialog.getByText("Choose a role.")).toBeVisible();
    await dialog.getByLabel("Generate a password").uncheck();
    await dialog.getByRole("button", { name: "Add staff member" }).click();
    await expect(dialog.getByText("The password needs at least 12 characters (or generate one).")).toBeVisible();
    await expectAccessible(page);

    const email = uniqueEmail("generated");
    await dialog.getByLabel("Name").fill("Grace Generated");
    await dialog.getByLabel("Work email").fill(email);
    await dialog.getByLabel("Role").selectOption("ops");
    await dialog.getByLabel("Generate a password").check();
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/staff") posts.push(r.url());
    });
    await dialog.getByRole("button", { name: "Add staff member" }).dblclick();
    const shown = page.getByRole("dialog", { name: "Staff member added" });
    const password = (await shown.getByTestId("generated-password").textContent())!.trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await expect(shown).toContainText("it will not be shown again");
    await expect(shown.getByRole("button", { name: "Copy generated password" })).toBeVisible();
    expect(posts).toHaveLength(1);
    await shown.getByRole("button", { name: "Done" }).click();
    await expect(rowOf(page, email)).toContainText("Operations");
    await expect(rowOf(page, email)).toContainText("Never");
    // Shown once: not in the list, not when the dialog opens again.
    await page.getByRole("button", { name: "Add staff member" }).click();
    await expect(page.getByTestId("generated-password")).toHaveCount(0);
    expect(JSON.stringify(await staffList(page))).not.toContain(password);

    // The same email again: the server's 409 lands on the email field.
    await dialog.getByLabel("Name").fill("Grace Again");
    await dialog.getByLabel("Work email").fill(email.toUpperCase());
    await dialog.getByLabel("Role").selectOption("finance");
    await dialog.getByRole("button", { name: "Add staff member" }).click();
    await expect(dialog.getByText("A staff member with this email already exists.")).toBeVisible();
    await expect(dialog.getByLabel("Work email")).toHaveAttribute("aria-invalid", "true");
    // A way out that is not a key: Cancel closes the dialog and adds no one.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    const member = await newSignedInPage(browser, email, password);
    await expect(member.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(["Business profile", "Customers"]);
    await member.context().close();

    const created = (await auditEntries(page, "staff.create")).find((e) => e.target === `staff:${email}`);
    expect(created).toMatchObject({ outcome: "success", actorEmail: demoEmail("admin"), detail: { role: "ops", generatedPassword: true } });
    expect(JSON.stringify(created)).not.toContain(password);
  });

  test("changes a member's role; the member's open session follows at its next request", async ({ page, browser, baseURL }) => {
    const target = await createMember(page, baseURL!, "finance", "role");
    const member = await newSignedInPage(browser, target.email, PASSWORD);
    const memberNav = member.getByRole("navigation", { name: "Main" });
    await expect(memberNav.getByRole("link")).toHaveText(["Business profile", "Finance", "Bill catalogue"]);

    await page.goto("/staff");
    await rowOf(page, target.email)
      .getByRole("button", { name: `Change role of ${target.name}` })
      .click();
    const dialog = page.getByRole("dialog", { name: `Change role of ${target.name}` });
    await expect(dialog.getByRole("button", { name: "Save role" })).toBeDisabled();
    await dialog.getByLabel("Role").selectOption("compliance");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Save role" }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, target.email)).toContainText("Compliance");

    await member.reload();
    await expect(memberNav.getByRole("link")).toHaveText(["Business profile", "Customers", "BVN lookup", "Audit trail"]);
    await member.context().close();

    const change = (await auditEntries(page, "staff.update")).find((e) => e.target === `staff:${target.email}`);
    expect(change).toMatchObject({
      outcome: "success",
      actorEmail: demoEmail("admin"),
      detail: { from: { role: "finance" }, to: { role: "compliance" } },
    });
    await page.goto("/audit?action=staff.update");
    await expect(page.getByRole("cell", { name: `staff:${target.email}` }).first()).toBeVisible();
  });

  test("disabling an account ends its already-open session at the next request; re-enabling lets it sign in again but does not revive the old session", async ({
    page,
    browser,
    baseURL,
  }) => {
    const target = await createMember(page, baseURL!, "ops", "disable");
    const member = await newSignedInPage(browser, target.email, PASSWORD);
    expect((await member.request.get("/api/me")).status()).toBe(200);
    const oldCookies = await member.context().cookies();

    await page.goto("/staff");
    await rowOf(page, target.email)
      .getByRole("button", { name: `Disable ${target.name}` })
      .click();
    const confirm = page.getByRole("dialog", { name: `Disable ${target.name}?` });
    await expect(confirm).toContainText("signed out at their next request");
    await confirm.getByRole("button", { name: "Disable account" }).click();
    await expect(confirm).toBeHidden();
    await expect(rowOf(page, target.email)).toContainText("Disabled");

    const api = await member.request.get("/api/me");
    expect(api.status()).toBe(401);
    expect(await api.json()).toMatchObject({ error: { code: "unauthenticated" } });
    await member.goto("/customers");
    await expect(member).toHaveURL(/\/sign-in/);
    await member.getByLabel("Work email").fill(target.email);
    await member.getByLabel("Password").fill(PASSWORD);
    await member.getByRole("button", { name: "Sign in" }).click();
    await expect(member.locator("#sign-in-error")).toContainText("do not match an active staff account");
    await member.context().close();

    await rowOf(page, target.email)
      .getByRole("button", { name: `Re-enable ${target.name}` })
      .click();
    await page
      .getByRole("dialog", { name: `Re-enable ${target.name}?` })
      .getByRole("button", { name: "Re-enable account" })
      .click();
    await expect(rowOf(page, target.email)).toContainText("Active");
    // A session opened before the disable stays dead after the re-enable; a new sign-in works.
    const stale = await browser.newContext({ baseURL });
    await stale.addCookies(oldCookies);
    expect((await stale.request.get("/api/me")).status()).toBe(401);
    await stale.close();
    await (await newSignedInPage(browser, target.email, PASSWORD)).context().close();

    const changes = (await auditEntries(page, "staff.update")).filter((e) => e.target === `staff:${target.email}`);
    expect(changes.map((e) => [e.outcome, e.actorEmail, (e.detail?.to as { status: string }).status])).toEqual([
      ["success", demoEmail("admin"), "active"],
      ["success", demoEmail("admin"), "disabled"],
    ]);
  });

  test("the last active admin cannot be disabled or demoted: locked in the page, refused by the server", async ({ page, baseURL }) => {
    // Earlier tests or runs may have left extra admins of their own; they must not count here.
    for (const s of await staffList(page)) {
      if (s.email.startsWith(E2E_PREFIX) && s.role === "admin" && s.status === "active")
        expect((await patchMember(page.request, baseURL!, s.id, { status: "disabled" })).status()).toBe(200);
    }
    const me = (await staffList(page)).find((s) => s.email === demoEmail("admin"))!;

    await page.goto("/staff");
    const mine = rowOf(page, demoEmail("admin"));
    await expect(mine.getByRole("button", { name: /Change role/ })).toBeDisabled();
    await expect(mine.getByRole("button", { name: /Disable/ })).toBeDisabled();
    await expect(mine).toContainText("The only active administrator: cannot be demoted or disabled.");
    await expect(mine.getByRole("button", { name: /Disable/ })).toHaveAccessibleDescription(/only active administrator/);

    for (const change of [{ status: "disabled" as const }, { role: "finance" as const }]) {
      const res = await patchMember(page.request, baseURL!, me.id, change);
      expect(res.status()).toBe(409);
      expect(await res.json()).toMatchObject({
        error: { code: "last_admin", message: "This is the last active administrator. Make another staff member an administrator first." },
      });
    }

    // The page's list goes stale: a second admin exists when it loads, then is disabled elsewhere.
    const second = await createMember(page, baseURL!, "admin", "second-admin");
    await page.reload();
    await expect(mine.getByRole("button", { name: /Disable/ })).toBeEnabled();
    expect((await patchMember(page.request, baseURL!, second.id, { status: "disabled" })).status()).toBe(200);
    await mine.getByRole("button", { name: /Disable/ }).click();
    const confirm = page.getByRole("dialog", { name: "Disable Ada Admin?" });
    await expect(confirm).toContainText("This is your own account");
    await confirm.getByRole("button", { name: "Disable account" }).click();
    await expect(confirm.getByRole("alert")).toContainText(
      "This is the last active administrator. Make another staff member an administrator first.",
    );
    await expect(confirm.getByRole("button", { name: "Disable account" })).toBeDisabled();
    await page.keyboard.press("Escape");
    await expect(mine).toContainText("Active");
    await expect(mine.getByRole("button", { name: /Disable/ })).toBeDisabled();

    expect((await page.request.get("/api/me")).status()).toBe(200);
    expect((await staffList(page)).find((s) => s.id === me.id)).toMatchObject({ role: "admin", status: "active" });
    const denied = (await auditEntries(page, "staff.update")).filter(
      (e) => e.target === `staff:${demoEmail("admin")}` && e.outcome === "denied",
    );
    expect(denied.length).toBeGreaterThanOrEqual(3);
    expect(denied[0]).toMatchObject({ actorEmail: demoEmail("admin"), detail: { reason: "last_active_admin" } });
  });
});

for (const role of ["finance", "ops", "compliance"] as const) {
  test(`${role} does not see Staff, gets the forbidden page and 403 from the staff routes`, async ({ page, baseURL }) => {
    await signInAs(page, role);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Staff" })).toHaveCount(0);
    await page.goto("/staff");
    await expect(page.getByText("Not available to your role")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    expect((await page.request.get("/api/staff")).status()).toBe(403);
    const create = await page.request.post("/api/staff", {
      headers: sameOriginHeaders(baseURL!),
      data: { email: uniqueEmail("nope"), name: "Nope", role: "admin", generatePassword: true },
    });
    expect(create.status()).toBe(403);
    expect((await patchMember(page.request, baseURL!, "00000000-0000-4000-8000-000000000001", { role: "admin" })).status()).toBe(403);
  });
}
