import { expect, test, type APIRequestContext, type APIResponse, type Browser, type Page } from "@/e2e/support/fixtures";
import { sameOriginHeaders, signInAs, signInWith } from "@/e2e/support/auth";
import { FOUND_BVN } from "@/e2e/compliance/test-bvns";
import { simulator } from "@/e2e/support/simulator";
import { confirmedCardRequest } from "@/e2e/support/card-issuance";

// Every request through the balancer goes to the other instance than the one before, so each
// sequence below runs on both; `X-Instance` says which one answered.
const GET_CHECK = "GET /customers/{id}/card-verification";
const POST_CARDS = "POST /cards";
const instanceOf = (res: APIResponse) => res.headers()["x-instance"];
const upstreamCount = async (request: APIRequestContext, op: string) => (await simulator.stats(request))[op] ?? 0;

/**
 * At least `count` requests one after another, more (up to 12) until both instances answered: the
 * pages' own background requests share the balancer's turn, so strict alternation is not assumed.
 */
async function inTurn(count: number, send: () => Promise<APIResponse>) {
  const answers: APIResponse[] = [];
  while (answers.length < count || (new Set(answers.map(instanceOf)).size < 2 && answers.length < 12)) answers.push(await send());
  return { answers, statuses: answers.map((a) => a.status()), instances: new Set(answers.map(instanceOf)) };
}

async function signedIn(
  browser: Browser,
  baseURL: string,
  as: { role?: "admin" | "ops" | "compliance" | "finance"; email?: string; password?: string },
): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  if (as.role) await signInAs(page, as.role);
  else await signInWith(page, as.email!, as.password!);
  // Only the API is used from here on: no page polling in the background.
  await page.goto("about:blank");
  return page;
}

test.describe.configure({ mode: "serial" });

test.afterEach(async ({ request }) => {
  await simulator.clearFaults(request);
});

test("the balancer alternates instances, and a session made on one is honoured by both", async ({ page }) => {
  const seen = new Set<string>();
  // Every answer that crossed the network came through the balancer (the head's worker is a blob: none did).
  page.on("response", (res) => {
    if (/^https?:/.test(res.url())) seen.add(res.headers()["x-instance"] ?? "none");
  });
  await signInAs(page, "ops");
  expect(seen).toEqual(new Set(["1", "2"]));
  const me = await inTurn(4, () => page.request.get("/api/me"));
  expect(me.statuses.every((st) => st === 200)).toBe(true);
  expect(me.instances).toEqual(new Set(["1", "2"]));
});

test("the verification check: one upstream GET per customer-minute across both instances", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "ops");
  // approvals.spec.ts, earlier in this project, checks the same customer: the measurement starts once
  // that check's shared minute has passed, or the first refresh here would rightly not reach the API.
  const stored = (await (await page.request.get("/api/v1/customers/cus_approved/card-verification")).json()) as {
    next_refresh_at?: string | null;
  };
  const untilRefresh = stored.next_refresh_at ? Date.parse(stored.next_refresh_at) - Date.now() : 0;
  if (untilRefresh > 0) await page.waitForTimeout(Math.min(untilRefresh + 500, 65_000));
  // A slow check keeps the first one in flight while the others arrive on both instances.
  await simulator.addFault(page.request, { operation: GET_CHECK, latencyMs: 1000, times: 1 });
  const before = await upstreamCount(page.request, GET_CHECK);
  const answers = await Promise.all(
    Array.from({ length: 12 }, () => page.request.get("/api/v1/customers/cus_approved/card-verification?refresh=1")),
  );
  expect(answers.map((a) => a.status())).toEqual(Array(12).fill(200));
  expect(new Set(answers.map(instanceOf))).toEqual(new Set(["1", "2"]));
  const again = await inTurn(4, () => page.request.get("/api/v1/customers/cus_approved/card-verification?refresh=1"));
  expect(again.instances).toEqual(new Set(["1", "2"]));
  expect(await upstreamCount(page.request, GET_CHECK)).toBe(before + 1);
  expect(await again.answers[0]!.json()).toMatchObject({ status: "APPROVED" });
});

test("20 concurrent create-card clicks split across the instances make one upstream POST /cards", async ({ page, baseURL }) => {
  await signInAs(page, "ops");
  await expect
    .poll(async () => (await (await page.request.get("/api/v1/customers/cus_approved/card-verification")).json()).status)
    .toBe("APPROVED");
  await simulator.addFault(page.request, { operation: POST_CARDS, latencyMs: 1500, times: 1 });
  const before = await upstreamCount(page.request, POST_CARDS);
  // Distinct intents from staff who all saw the newest card: exactly one more is made, however the requests interleave.
  const confirmation = await confirmedCardRequest(page.request, "cus_approved");
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      page.request.post("/api/v1/cards", {
        headers: { ...sameOriginHeaders(baseURL!), "Idempotency-Key": `multi-${Date.now()}-${i}` },
        data: confirmation,
      }),
    ),
  );
  expect(new Set(answers.map(instanceOf))).toEqual(new Set(["1", "2"]));
  const statuses = answers.map((a) => a.status());
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  expect(await upstreamCount(page.request, POST_CARDS)).toBe(before + 1);
});

test("sign-in throttling counts failures made on either instance", async ({ request, baseURL }) => {
  // Through next-auth's own endpoints, one attempt right after the other: the wait a failure earns
  // (a second or two) is not spent by a slow browser before the next attempt lands.
  const csrfToken = ((await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
  const email = `multi-throttle-${Date.now()}@example.com`;
  const attempt = async () => {
    const res = await request.post("/api/auth/callback/credentials", {
      headers: { Origin: baseURL!, "Sec-Fetch-Site": "same-origin" },
      form: { csrfToken, email, password: "wrong", json: "true" },
      maxRedirects: 0,
    });
    const body = (await res.json().catch(() => ({}))) as { url?: string };
    return {
      instance: instanceOf(res),
      error: new URL(body.url ?? res.headers().location ?? "/", baseURL).searchParams.get("error") ?? "",
    };
  };
  const attempts = [];
  for (let i = 0; i < 6; i++) attempts.push(await attempt());
  expect(new Set(attempts.map((a) => a.instance))).toEqual(new Set(["1", "2"]));
  expect(attempts[0]!.error).toContain("do not match");
  expect(attempts.at(-1)!.error).toContain("Too many failed attempts");
});

test("ending a session, a role change and disabling an account apply on both instances at once", async ({ browser, baseURL }) => {
  const admin = await signedIn(browser, baseURL!, { role: "admin" });
  const email = `multi-member-${Date.now()}@example.com`;
  const password = "a-long-multi-instance-password-1";
  const created = await admin.request.post("/api/staff", {
    headers: sameOriginHeaders(baseURL!),
    data: { email, name: "Multi Member", role: "finance", password },
  });
  expect(created.status()).toBe(200);
  const memberId = ((await created.json()) as { member: { id: string } }).member.id;

  // Revocation: the member's first session is ended; no instance accepts it afterwards.
  const first = await signedIn(browser, baseURL!, { email, password });
  expect((await inTurn(2, () => first.request.get("/api/me"))).statuses.every((st) => st === 200)).toBe(true);
  const sessions = (await (await first.request.get("/api/account/sessions")).json()) as {
    sessions: Array<{ id: string; current: boolean }>;
  };
  const current = sessions.sessions.find((s) => s.current)!;
  const second = await signedIn(browser, baseURL!, { email, password });
  const ended = await second.request.post(`/api/account/sessions/${current.id}/end`, { headers: sameOriginHeaders(baseURL!), data: {} });
  expect(ended.status()).toBeLessThan(300);
  const afterEnd = await inTurn(4, () => first.request.get("/api/me"));
  expect(afterEnd.statuses.every((st) => st === 401)).toBe(true);
  expect(afterEnd.instances).toEqual(new Set(["1", "2"]));

  // Role change: both instances see the new role on the very next request.
  const changed = await admin.request.patch(`/api/staff/${memberId}`, { headers: sameOriginHeaders(baseURL!), data: { role: "ops" } });
  expect(changed.status()).toBe(200);
  const roles = await inTurn(4, async () => second.request.get("/api/me"));
  expect(roles.instances).toEqual(new Set(["1", "2"]));
  for (const answer of roles.answers) expect(await answer.json()).toMatchObject({ email, role: "ops" });

  // Disabled: refused everywhere at once.
  const disabled = await admin.request.patch(`/api/staff/${memberId}`, {
    headers: sameOriginHeaders(baseURL!),
    data: { status: "disabled" },
  });
  expect(disabled.status()).toBe(200);
  const refused = await inTurn(4, () => second.request.get("/api/me"));
  expect(refused.statuses.every((st) => st === 401)).toBe(true);
  expect(refused.instances).toEqual(new Set(["1", "2"]));
  await Promise.all([admin.context().close(), first.context().close(), second.context().close()]);
});

test("a BVN lookup made on one instance is revealed on either, only to the staff member who made it", async ({ browser, baseURL }) => {
  const compliance = await signedIn(browser, baseURL!, { role: "compliance" });
  const admin = await signedIn(browser, baseURL!, { role: "admin" });
  const lookup = await compliance.request.post("/api/v1/identity/bvn", {
    headers: sameOriginHeaders(baseURL!),
    data: { number: FOUND_BVN, purpose: "multi-instance case 1" },
  });
  expect(lookup.status()).toBe(200);
  const { lookupId, record } = (await lookup.json()) as { lookupId: string; record: { bvn: string } };
  expect(record.bvn).not.toBe(FOUND_BVN);

  const reveals = await inTurn(2, () =>
    compliance.request.post(`/api/v1/identity/bvn/lookups/${lookupId}/reveal`, { headers: sameOriginHeaders(baseURL!) }),
  );
  expect(reveals.statuses.every((st) => st === 200)).toBe(true);
  expect(reveals.instances).toEqual(new Set(["1", "2"]));
  for (const answer of reveals.answers) expect(await answer.json()).toMatchObject({ masked: false, record: { bvn: FOUND_BVN } });

  const others = await inTurn(2, () =>
    admin.request.post(`/api/v1/identity/bvn/lookups/${lookupId}/reveal`, { headers: sameOriginHeaders(baseURL!) }),
  );
  expect(others.statuses.every((st) => st === 410)).toBe(true);
  expect(others.instances).toEqual(new Set(["1", "2"]));
  await Promise.all([compliance.context().close(), admin.context().close()]);
});

test("a card-transactions view keeps scrolling when its next page lands on the other instance", async ({ page }) => {
  await signInAs(page, "finance");
  await page.goto("about:blank");
  const url = "/api/v1/cards/card_busy_0001/transactions";
  const firstPage = await page.request.get(`${url}?sort=amount&dir=desc`);
  expect(firstPage.status()).toBe(200);
  type Window = {
    snapshot: { id: string; fetchedAt: string; checkedAt?: string; total: number };
    matched: number;
    offset: number;
    rows: Array<{ id: string }>;
  };
  const first = (await firstPage.json()) as Window;
  expect(first.snapshot.total).toBeGreaterThan(200);

  // The next pages, on the other instance and back: the same snapshot, the same order, no gap or repeat.
  const next = await inTurn(2, () => page.request.get(`${url}?sort=amount&dir=desc&snapshot=${first.snapshot.id}&offset=100`));
  expect(next.statuses.every((st) => st === 200)).toBe(true);
  expect(new Set([instanceOf(firstPage), ...next.instances])).toEqual(new Set(["1", "2"]));
  const windows = (await Promise.all(next.answers.map((a) => a.json()))) as Window[];
  const onOther = windows[next.answers.findIndex((a) => instanceOf(a) !== instanceOf(firstPage))]!;
  const onSame = windows[next.answers.findIndex((a) => instanceOf(a) === instanceOf(firstPage))]!;
  for (const window of windows) {
    expect(window.snapshot).toMatchObject({ id: first.snapshot.id, fetchedAt: first.snapshot.fetchedAt, total: first.snapshot.total });
    expect(window.matched).toBe(first.matched);
    expect(window.offset).toBe(100);
  }
  expect(onOther.rows.map((r) => r.id)).toEqual(onSame.rows.map((r) => r.id));
  const ids = new Set(first.rows.map((r) => r.id));
  expect(onOther.rows.some((r) => ids.has(r.id))).toBe(false);
  // The rebuilt view says when its instance last saw the list unchanged.
  expect(Date.parse(onOther.snapshot.checkedAt ?? "")).toBeGreaterThanOrEqual(Date.parse(first.snapshot.fetchedAt));

  // An id that no instance can serve (not a snapshot of this list) is still a 409 on both.
  const unknown = await inTurn(2, () => page.request.get(`${url}?snapshot=AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`));
  expect(unknown.statuses.every((st) => st === 409)).toBe(true);
  expect(unknown.instances).toEqual(new Set(["1", "2"]));
});

test("the audit chain verifies after the concurrent writes of both instances", async ({ browser, baseURL }) => {
  const admin = await signedIn(browser, baseURL!, { role: "admin" });
  // More concurrent audited writes, landing on both instances.
  const created = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      admin.request.post("/api/staff", {
        headers: sameOriginHeaders(baseURL!),
        data: {
          email: `multi-chain-${Date.now()}-${i}@example.com`,
          name: `Chain ${i}`,
          role: "finance",
          password: "a-long-multi-instance-password-2",
        },
      }),
    ),
  );
  expect(created.map((c) => c.status())).toEqual(Array(10).fill(200));
  expect(new Set(created.map(instanceOf))).toEqual(new Set(["1", "2"]));
  const chain = await inTurn(2, () => admin.request.get("/api/audit/chain"));
  expect(chain.instances).toEqual(new Set(["1", "2"]));
  for (const answer of chain.answers) {
    const status = (await answer.json()) as { ok: boolean; checked: number };
    expect(status.ok).toBe(true);
    expect(status.checked).toBeGreaterThan(40);
  }
  await admin.context().close();
});
