import { expect, type Page } from "@playwright/test";
import type { Role } from "@/lib/permissions";
import { DEMO_PASSWORD } from "./servers";

export const demoEmail = (role: Role) => `${role}@example.com`;

/** Signs in through the sign-in page, as a staff member would. */
export async function signInAs(page: Page, role: Role, password = DEMO_PASSWORD): Promise<void> {
  await signInWith(page, demoEmail(role), password);
}

/** Signs in any account (one an admin created, say) through the sign-in page. */
export async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("signed-in-staff")).toContainText(email);
}

/** Headers our own pages send with a state-changing fetch. */
export function sameOriginHeaders(baseURL: string): Record<string, string> {
  return { Origin: baseURL, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json" };
}
