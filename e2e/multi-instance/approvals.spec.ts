import { expect, test, type APIResponse, type Browser, type Page } from "@/e2e/support/fixtures";
import { keepScreenshot } from "@/e2e/support/screens";
import { sameOriginHeaders, signInAs, signInWith } from "@/e2e/support/auth";
import { simulator } from "@/e2e/support/simulator";
import { confirmedCardRequest } from "@/e2e/support/card-issuance";
import { FOUND_BVN } from "@/e2e/compliance/test-bvns";

// Four-eyes across two instances: one card request, approved by two members at once through the
// balancer (so on both instances) — exactly one upstream card creation; one granted reveal, asked
// for 20 times at once — exactly one answer. The setting is switched
// back off at the end: the later files of this project issue cards directly.
const POST_CARDS = "POST /cards";
const PASSWORD = "a-long-e2e-password-123";
const instanceOf = (res: APIResponse) => res.headers()["x-instance"];

async function signedIn(browser: Browser, baseURL: string, signIn: (page: Page) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page);
  // Only the API is used from here on: no page polling in the background.
  await page.goto("about:blank");
  return page;
}

test.afterAll(async ({ browser, baseURL }) => {
  const admin = await signedIn(browser, baseURL!, (p) => signInAs(p, "admin"));
  await admin.request.post("/api/approvals/settings", { headers: sameOriginHeaders(baseURL!), data: { required: [] } });
  await admin.context().close();
});

test("20 concurrent approvals by two members split over both instances make one upstream POST /cards", async ({ browser, baseURL }) => {
  const headers = sameOriginHeaders(baseURL!);
  const admin = await signedIn(browser, baseURL!, (p) => signInAs(p, "admin"));
  const email = `approvals-multi-${Date.now()}@example.com`;
  expect(
    (await admin.request.post("/api/staff", { headers, data: { email, name: "Second Ops", role: "ops", password: PASSWORD } })).status(),
  ).toBe(200);
  expect((await admin.request.post("/api/approvals/settings", { headers, data: { required: ["card.create"] } })).status()).toBe(200);
  const maker = await signedIn(browser, baseURL!, (p) => signInAs(p, "ops"));
  const checker = await signedIn(browser, baseURL!, (p) => signInWith(p, email, PASSWORD));

  await expect
    .poll(async () => (await (await maker.request.get("/api/v1/customers/cus_approved/card-verification")).json()).status)
    .toBe("APPROVED");
  const before = (await simulator.stats(maker.request))[POST_CARDS] ?? 0;
  const held = await maker.request.post("/api/v1/cards", {
    headers: { ...headers, "Idempotency-Key": `four-eyes-multi-${Date.now()}` },
    data: await confirmedCardRequest(maker.request, "cus_approved"),
  });
  expect(held.status()).toBe(202);
  const { approval } = (await held.json()) as { approval: { id: string } };
  expect((await simulator.stats(maker.request))[POST_CARDS] ?? 0).toBe(before);

  // A slow upstream keeps the winner's call in flight while the others arrive on both instances.
  await simulator.addFault(maker.request, { operation: POST_CARDS, latencyMs: 1500, times: 1 });
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      (i % 2 ? admin : checker).request.post(`/api/approvals/${approval.id}/approve`, { headers, data: {} }),
    ),
  );
  await simulator.clearFaults(maker.request);
  expect(new Set(answers.map(instanceOf))).toEqual(new Set(["1", "2"]));
  expect(answers.map((a) => a.status()).sort()).toEqual([200, ...Array(19).fill(409)]);
  const codes = await Promise.all(
    answers.filter((a) => a.status() === 409).map(async (a) => ((await a.json()) as { error: { code: string } }).error.code),
  );
  expect(new Set(codes)).toEqual(new Set(["approval_already_decided"]));
  expect((await simulator.stats(maker.request))[POST_CARDS] ?? 0).toBe(before + 1);

  const list = await maker.request.get("/api/approvals?status=executed");
  const done = ((await list.json()) as { approvals: { id: string; decided_by: { email: string } | null }[] }).approvals.find(
    (a) => a.id === approval.id,
  );
  expect(done?.decided_by?.email).toMatch(new RegExp(`^(admin@example.com|${email.replace(/[.]/g, "\\.")})$`));
  const decider = done!.decided_by!.email;

  // The customer's timeline shows who asked and who approved.
  await maker.goto("/customers/cus_approved");
  const approvedEntry = maker.getByTestId("activity-timeline").locator('[data-action="approval.approve"]').first();
  await expect(approvedEntry).toContainText("requested by Oscar Ops <ops@example.com>");
  await expect(approvedEntry).toContainText(`approved by`);
  await expect(approvedEntry).toContainText(decider);
  await expect(maker.getByTestId("activity-timeline").locator('[data-action="approval.request"]').first()).toContainText("ops@example.com");
  await approvedEntry.scrollIntoViewIfNeeded();
  await keepScreenshot(maker, test.info().outputPath("customer-timeline.png"));
  for (const page of [admin, maker, checker]) await page.context().close();
});

test("a granted BVN reveal, asked 20 times at once over both instances, is answered once, with one reveal in the trail", async ({
  browser,
  baseURL,
}) => {
  const headers = sameOriginHeaders(baseURL!);
  const admin = await signedIn(browser, baseURL!, (p) => signInAs(p, "admin"));
  const email = `approvals-reveal-${Date.now()}@example.com`;
  expect(
    (
      await admin.request.post("/api/staff", {
        headers,
        data: { email, name: "Second Compliance", role: "compliance", password: PASSWORD },
      })
    ).status(),
  ).toBe(200);
  expect((await admin.request.post("/api/approvals/settings", { headers, data: { required: ["bvn.reveal"] } })).status()).toBe(200);
  const maker = await signedIn(browser, baseURL!, (p) => signInAs(p, "compliance"));
  const checker = await signedIn(browser, baseURL!, (p) => signInWith(p, email, PASSWORD));

  const lookup = await maker.request.post("/api/v1/identity/bvn", { headers, data: { number: FOUND_BVN, purpose: "four-eyes reveal" } });
  expect(lookup.status()).toBe(200);
  const { lookupId } = (await lookup.json()) as { lookupId: string };
  const reveal = () => maker.request.post(`/api/v1/identity/bvn/lookups/${lookupId}/reveal`, { headers });
  const asked = await reveal();
  expect(asked.status()).toBe(202);
  const { approval } = (await asked.json()) as { approval: { id: string } };
  expect((await checker.request.post(`/api/approvals/${approval.id}/approve`, { headers, data: {} })).status()).toBe(200);

  const answers = await Promise.all(Array.from({ length: 20 }, reveal));
  expect(new Set(answers.map(instanceOf))).toEqual(new Set(["1", "2"]));
  const revealed = answers.filter((a) => a.status() === 200);
  expect(revealed).toHaveLength(1);
  expect(await revealed[0]!.json()).toMatchObject({ masked: false, record: { bvn: FOUND_BVN } });
  // The rest found the grant in use (409) or, once it was used, asked for a new approval (202).
  for (const other of answers.filter((a) => a.status() !== 200)) {
    if (other.status() === 409) expect(((await other.json()) as { error: { code: string } }).error.code).toBe("approval_in_use");
    else expect(other.status()).toBe(202);
  }

  // One answer sent, one reveal recorded, one use of the grant.
  type Entry = { outcome: string; actorEmail: string | null; detail: Record<string, unknown> | null };
  const entries = async (action: string) =>
    ((await (await maker.request.get(`/api/audit?action=${action}&limit=200`)).json()) as { entries: Entry[] }).entries;
  const reveals = (await entries("bvn.reveal")).filter((e) => e.detail?.lookupId === lookupId);
  expect(reveals.map((e) => [e.outcome, e.actorEmail])).toEqual([["success", "compliance@example.com"]]);
  const uses = (await entries("approval.use")).filter((e) => e.detail?.approval_id === approval.id);
  expect(uses.filter((e) => e.outcome === "success")).toHaveLength(1);
  for (const page of [admin, maker, checker]) await page.context().close();
});
