import { sameOriginHeaders, signInAs } from "@/e2e/support/auth";
import { expect, test } from "@/e2e/support/fixtures";

// Every attempt below hashes a password before the insert; the suite's log scan
// (log-scan.teardown.ts) then fails the run if any "scrypt$" reached the server's output.
test("failed staff inserts answer 4xx and leave no password hash in the logs", async ({ page, baseURL }) => {
  await signInAs(page, "admin");
  const headers = sameOriginHeaders(baseURL!);
  const create = (data: Record<string, unknown>) => page.request.post("/api/staff", { headers, data });
  const password = "a-long-enough-password-1";

  const nul = await create({ email: "nul.name@example.com", name: "Ada\u0000Lovelace", role: "ops", password });
  expect(nul.status()).toBe(400);
  expect(await nul.json()).toMatchObject({ error: { field: "name" } });

  const surrogate = await create({ email: "surrogate@example.com", name: "Ada \ud800", role: "ops", password });
  expect(surrogate.status()).toBe(400);

  const duplicate = await create({ email: "admin@example.com", name: "Second admin", role: "ops", password });
  expect(duplicate.status()).toBe(409);

  // Concurrent creates of one new email: one wins, the others are refused, none is a 500.
  const email = `race.${Date.now()}@example.com`;
  const statuses = (await Promise.all(Array.from({ length: 6 }, () => create({ email, name: "Race", role: "ops", password })))).map((r) =>
    r.status(),
  );
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(5);
});
