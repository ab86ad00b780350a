import { expect, type Page } from "@playwright/test";
import type { Role } from "@/lib/permissions";
import { demoEmail, signInAs } from "@/e2e/support/auth";

/** Sign-in as the suite does it, with more patience for the first pages of a freshly started instance. */
export async function signedIn(page: Page, role: Role): Promise<void> {
  await signInAs(page, role).catch(() => expect(page.getByTestId("signed-in-staff")).toContainText(demoEmail(role), { timeout: 60_000 }));
}
