import { expect, type Page } from "@playwright/test";
import type { Role } from "@/lib/permissions";
import { DEMO_PASSWORD } from "./servers";

export const demoEmail = (role: Role) => `${role}@example.com`;

/**
 * Signs in a seed member and opens their home, the state every spec starts from. It posts the
 * credentials as the sign-in form's own call does (next-auth's CSRF token, then the credentials
 * callback) instead of drawing and hydrating the sign-in page first: a spec about something else
 * need not pay for that page on every test. The sign-in page itself is walked by signInWith, which
 * the sign-in specs use.
 */
export async function signInAs(page: Page, role: Role, password = DEMO_PASSWORD): Promise<void> {
  const email = demoEmail(role);
  const csrf = await page.request.get("/api/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const answer = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password, json: "true" },
    // The app refuses a state-changing request that does not come from its own origin.
    headers: { Origin: new URL(csrf.url()).origin },
    maxRedirects: 0,
  });
  expect(answer.status(), `signing in ${email}`).toBeLessThan(400);
  await page.goto("/");
  await expect(page.getByTestId("signed-in-staff")).toContainText(email);
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
