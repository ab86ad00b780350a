import { simulator } from "@/e2e/support/simulator";
import { expect, test } from "@/e2e/support/fixtures";

// next-auth's handler needs a running server's request scope, so it is not in the Vitest
// hostile-input test (server/testing/hostile-input-suite.ts): the same corpus is sent here over HTTP.
const CORPUS: [string, string][] = [
  ["NUL", "a\u0000b"],
  ["lone surrogate", "a\ud800b"],
  ["overlong dot", "%C0%AE%C0%AE"],
  ["10,000 characters", "x".repeat(10_000)],
  ["10,000 nested arrays", "[".repeat(10_000) + "]".repeat(10_000)],
  ["__proto__", "__proto__"],
  ["constructor", "constructor"],
];

test("next-auth answers every hostile value below 500, without an upstream call", async ({ page, request }) => {
  await simulator.resetStats(request);
  for (const [label, value] of CORPUS) {
    const encoded = encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "\ufffd"));
    for (const path of [
      `/api/auth/${encoded}`,
      `/api/auth/callback/${encoded}`,
      `/api/auth/signin?callbackUrl=${encoded}&error=${encoded}`,
    ]) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.status(), `${label}: GET ${path.slice(0, 80)}`).toBeLessThan(500);
    }
    const csrf = ((await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
    const forms: Record<string, string>[] = [
      { email: value, password: "whatever-password-1" },
      { email: "nobody@example.com", password: value },
      { email: value, password: value, callbackUrl: value },
    ];
    for (const form of forms) {
      const res = await page.request.post("/api/auth/callback/credentials", { form: { ...form, csrfToken: csrf }, maxRedirects: 0 });
      expect(res.status(), `${label}: sign-in with ${Object.keys(form).join(", ")}`).toBeLessThan(500);
    }
  }
  expect(await simulator.stats(request)).toEqual({});
});
