import { test as base, expect, type Browser, type BrowserContext } from "@playwright/test";

export type CspViolation = { page: string; directive: string; blocked: string; sample: string };

declare global {
  interface Window {
    __reportCspViolation?: (violation: Omit<CspViolation, "page">) => void;
  }
}

/** Every page of `context` reports its Content-Security-Policy violations into `sink`. */
async function recordViolations(context: BrowserContext, sink: CspViolation[]): Promise<void> {
  await context.exposeBinding("__reportCspViolation", ({ page }, violation: Omit<CspViolation, "page">) => {
    sink.push({ page: page.url(), ...violation });
  });
  await context.addInitScript(() => {
    document.addEventListener(
      "securitypolicyviolation",
      (event) => window.__reportCspViolation?.({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample }),
      true,
    );
  });
}

/**
 * `test` and `expect` for every spec: a test fails if any page it opened — in the default context
 * or one it made with `browser.newContext()` — reported a CSP violation, so a policy that breaks a
 * page (or a page that needs an unsafe script) cannot pass unnoticed.
 */
export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ context, browser }, provide) => {
      const violations: CspViolation[] = [];
      await recordViolations(context, violations);
      const newContext = browser.newContext.bind(browser);
      const patched = browser as Browser & { newContext: Browser["newContext"] };
      patched.newContext = async (...args) => {
        const created = await newContext(...args);
        await recordViolations(created, violations);
        return created;
      };
      // Playwright resumes here after the test, failed or not.
      await provide(violations);
      patched.newContext = newContext;
      expect(violations, "Content-Security-Policy violations reported by the pages of this test").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
// Types and helpers as @playwright/test has them, so a spec changes only its import's module.
export * from "@playwright/test";
