import { expect, test } from "@/e2e/support/fixtures";
import { sameOriginHeaders, signInAs } from "@/e2e/support/auth";
import { simulator } from "@/e2e/support/simulator";
import { FOUND_BVN } from "./test-bvns";

test("compliance looks up a BVN, sees it masked, reveals it, and finds both events in the audit trail", async ({ page }) => {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  await signInAs(page, "compliance");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "BVN lookup" }).click();
  await page.getByRole("textbox", { name: /^BVN/ }).fill(FOUND_BVN);
  await page.getByLabel("Purpose or case reference").fill("e2e case KYC-1");
  await page.getByRole("button", { name: "Look up" }).click();
  // The result's own field: the sandbox's example chip under the box shows the same masked number.
  await expect(page.getByRole("region", { name: "Identity" }).getByText("•••••••2222")).toBeVisible();
  // Once used, the number leaves the form: the page shows it only masked.
  await expect(page.getByRole("textbox", { name: /^BVN/ })).toHaveValue("");
  // The purpose belonged to that case: the next lookup starts with an empty one.
  await expect(page.getByLabel("Purpose or case reference")).toHaveValue("");
  await expect(page.getByText(FOUND_BVN)).toHaveCount(0);
  await expect(page.getByText("Onitsha North")).toBeVisible();
  await expect(page.getByText("ngozi.okafor@example.com")).toHaveCount(0);
  await page.getByRole("button", { name: "Reveal" }).click();
  await expect(page.getByText("ngozi.okafor@example.com")).toBeVisible();
  await expect(page.getByText("22 Awolowo Road, Ikoyi, Lagos")).toBeVisible();

  expect(urls.some((u) => u.includes(FOUND_BVN))).toBe(false);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(FOUND_BVN);

  await page.goto("/audit?action=bvn.lookup");
  await expect(page.getByRole("cell", { name: "Looked up a BVN" }).first()).toBeVisible();
  await page.goto("/audit?action=bvn.reveal");
  await expect(page.getByRole("cell", { name: "Revealed a BVN" }).first()).toBeVisible();
  await expect(page.getByTestId("chain-status")).toContainText("Chain verified");
  const api = await page.request.get("/api/audit?action=bvn.reveal");
  expect(api.status()).toBe(200);
  expect(JSON.stringify(await api.json())).not.toContain(FOUND_BVN);
});

for (const role of ["finance", "ops"] as const) {
  test(`${role} gets 403 from the lookup route and does not see the page`, async ({ page, baseURL }) => {
    await signInAs(page, role);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "BVN lookup" })).toHaveCount(0);
    const res = await page.request.post("/api/v1/identity/bvn", {
      headers: sameOriginHeaders(baseURL!),
      data: { number: FOUND_BVN, purpose: "not mine" },
    });
    expect(res.status()).toBe(403);
    await page.goto("/bvn");
    await expect(page.getByText("Not available to your role")).toBeVisible();
    expect((await page.request.get("/api/audit")).status()).toBe(403);
  });
}

test("an invalid BVN never reaches the upstream", async ({ page, request, baseURL }) => {
  await signInAs(page, "compliance");
  await simulator.resetStats(request);
  for (const number of ["1234567890", "2222222222a", " ", "222222222222"]) {
    const res = await page.request.post("/api/v1/identity/bvn", {
      headers: sameOriginHeaders(baseURL!),
      data: { number, purpose: "checking" },
    });
    expect(res.status(), number).toBe(400);
  }
  // A purpose that could not be stored in the audit trail is refused before anything is sent.
  for (const purpose of ["case \\u0000 1", "case \\ud800 1"]) {
    const res = await page.request.post("/api/v1/identity/bvn", {
      headers: sameOriginHeaders(baseURL!),
      data: `{"number":"${FOUND_BVN}","purpose":"${purpose}"}`,
    });
    expect(res.status(), purpose).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("purpose");
  }
  await page.goto("/bvn");
  await page.getByRole("textbox", { name: /^BVN/ }).fill("1234567890");
  await page.getByLabel("Purpose or case reference").fill("checking");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByText("A BVN is exactly 11 digits.")).toBeVisible();
  const stats = await simulator.stats(request);
  expect(stats["POST /identity/bvn"] ?? 0).toBe(0);
});

test("a BVN in another script's digits is refused in the purpose, by the form and by the route, before anything is sent", async ({
  page,
  request,
  baseURL,
}) => {
  await signInAs(page, "compliance");
  await simulator.resetStats(request);
  await page.goto("/bvn");
  await page.getByRole("textbox", { name: /^BVN/ }).fill(FOUND_BVN);
  await page.getByLabel("Purpose or case reference").fill("case for २२२३३३४४४५५");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByText(/The purpose must not contain a BVN/)).toBeVisible();
  for (const digits of ["２２２３３３４４４５５", "٢٢٢٣٣٣٤٤٤٥٥", "२२२३३३४४४५५"]) {
    const res = await page.request.post("/api/v1/identity/bvn", {
      headers: sameOriginHeaders(baseURL!),
      data: { number: FOUND_BVN, purpose: `case for ${digits}` },
    });
    expect(res.status(), digits).toBe(400);
    expect(((await res.json()) as { error: { field?: string } }).error.field).toBe("purpose");
  }
  // The BVN itself in those digits: refused, not read as 0–9, and the message says which digits to use.
  const otherScript = "٢٢٢٣٣٣٤٤٤٥٥";
  await page.getByRole("textbox", { name: /^BVN/ }).fill(otherScript);
  await page.getByLabel("Purpose or case reference").fill("case KYC-2");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByText("Type the BVN with the digits 0–9: digits from other scripts are not accepted.")).toBeVisible();
  const res = await page.request.post("/api/v1/identity/bvn", {
    headers: sameOriginHeaders(baseURL!),
    data: { number: otherScript, purpose: "case KYC-2" },
  });
  expect(res.status()).toBe(400);
  const { error } = (await res.json()) as { error: { field?: string; message: string } };
  expect(error.field).toBe("number");
  expect(error.message).toContain("digits 0–9");
  const stats = await simulator.stats(request);
  expect(stats["POST /identity/bvn"] ?? 0).toBe(0);
});
