import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { raiseAlert } from "@/server/audit/alert-rules";
import { securityAlertOutbox, securityAlerts } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { log } from "@/server/log";
import { BATCH, deliverDueAlerts, MAX_ATTEMPTS, POST_TIMEOUT_MS, retryDelayMs } from "./outbox";

vi.stubEnv("ALERT_WEBHOOK_URL", "http://127.0.0.1:9/alerts");

let db: Db;
withFreshDatabase((handle) => (db = handle));

// A receiver that answers 500 to the first `failFirst` posts, then 200 (or what `answer` says for a
// post, by its number from 1), and keeps what it was sent.
type Answer = { status: number; headers?: Record<string, string> } | undefined;
const receiver = {
  failFirst: 0,
  answer: (() => undefined) as (post: number) => Answer,
  received: [] as { contentType: string | undefined; body: string }[],
};
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      receiver.received.push({ contentType: req.headers["content-type"], body });
      const answer = receiver.answer(receiver.received.length);
      res.writeHead(answer?.status ?? (receiver.received.length <= receiver.failFirst ? 500 : 200), answer?.headers);
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  await db.delete(securityAlerts);
  receiver.failFirst = 0;
  receiver.answer = () => undefined;
  receiver.received = [];
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const noDelay = () => 0;
let n = 0;
const raise = () =>
  raiseAlert({
    db,
    rule: "failed_sign_ins_address",
    subject: "203.0.113.50",
    windowKey: `w${++n}`,
    details: { failures_last_10_minutes: 11 },
  });

describe("the ALERT_WEBHOOK_URL outbox", () => {
  it("retries a receiver that fails twice, then records the delivery", async () => {
    receiver.failFirst = 2;
    const id = await raise();
    expect(await deliverDueAlerts({ db, url, delayMs: noDelay })).toBe(0);
    let [row] = await db.select().from(securityAlertOutbox).where(eq(securityAlertOutbox.alertId, id!));
    expect(row).toMatchObject({ attempts: 1, lastError: "HTTP 500", deliveredAt: null });
    expect(await deliverDueAlerts({ db, url, delayMs: noDelay })).toBe(0);
    expect(await deliverDueAlerts({ db, url, delayMs: noDelay })).toBe(1);
    [row] = await db.select().from(securityAlertOutbox).where(eq(securityAlertOutbox.alertId, id!));
    expect(row).toMatchObject({ attempts: 3, lastError: null });
    expect(row?.deliveredAt).toBeInstanceOf(Date);
    // Delivered: never posted again.
    expect(await deliverDueAlerts({ db, url, delayMs: noDelay })).toBe(0);
    expect(receiver.received).toHaveLength(3);
  });

  it("posts a chat incoming-webhook JSON body: one text line, the subject and counts, nothing else", async () => {
    await raise();
    await deliverDueAlerts({ db, url, delayMs: noDelay });
    const [post] = receiver.received;
    expect(post?.contentType).toBe("application/json");
    const body = JSON.parse(post!.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["text"]);
    expect(body.text).toBe("Security alert: Failed sign-ins from one address — 203.0.113.50 (failures last 10 minutes: 11)");
  });

  it("waits before retrying, and gives up after the last attempt", async () => {
    receiver.failFirst = 1_000;
    const id = await raise();
    await deliverDueAlerts({ db, url }); // the real schedule: next try in 10 s
    expect(await deliverDueAlerts({ db, url })).toBe(0);
    expect(receiver.received).toHaveLength(1);
    await db
      .update(securityAlertOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(securityAlertOutbox.alertId, id!));
    await db
      .update(securityAlertOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(securityAlertOutbox.alertId, id!));
    await deliverDueAlerts({ db, url, delayMs: noDelay });
    await deliverDueAlerts({ db, url, delayMs: noDelay });
    expect(receiver.received).toHaveLength(2);
  });

  it("two instances delivering at once post each alert once", async () => {
    for (let i = 0; i < 5; i++) await raise();
    const [a, b] = await Promise.all([deliverDueAlerts({ db, url, delayMs: noDelay }), deliverDueAlerts({ db, url, delayMs: noDelay })]);
    expect(a + b).toBe(5);
    expect(receiver.received).toHaveLength(5);
  });

  it("a slow receiver keeps the whole batch claimed: a tick from another instance mid-batch posts none of it again", async () => {
    for (let i = 0; i < BATCH; i++) await raise();
    let firstPostArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (firstPostArrived = resolve));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const slow: typeof fetch = async (input, init) => {
      firstPostArrived();
      await answered;
      return fetch(input, init);
    };
    const first = deliverDueAlerts({ db, url, fetchImpl: slow, delayMs: noDelay });
    await arrived;
    // The database's clock as it stands when the last post of the batch may still be running: every
    // post before it took up to its timeout.
    await db
      .update(securityAlertOutbox)
      .set({ nextAttemptAt: sql`${securityAlertOutbox.nextAttemptAt} - make_interval(secs => ${(BATCH * POST_TIMEOUT_MS) / 1000})` })
      .where(isNull(securityAlertOutbox.deliveredAt));
    expect(await deliverDueAlerts({ db, url, delayMs: noDelay })).toBe(0);
    answer();
    expect(await first).toBe(BATCH);
    expect(receiver.received).toHaveLength(BATCH);
  });

  it("an unreachable receiver is an error recorded without its URL", async () => {
    const id = await raise();
    await deliverDueAlerts({ db, url: "http://127.0.0.1:9/secret-token-path", delayMs: noDelay });
    const [row] = await db.select().from(securityAlertOutbox).where(eq(securityAlertOutbox.alertId, id!));
    expect(row?.lastError).toBe("unreachable");
  });

  it("posts with undici's own fetch, never the global one Next.js patches (and traces with the URL as its name)", async () => {
    const globalFetch = vi.fn<typeof fetch>(() => Promise.reject(new Error("the global fetch was used")));
    vi.stubGlobal("fetch", globalFetch);
    await raise();
    expect(await deliverDueAlerts({ db, url, delayMs: noDelay })).toBe(1);
    expect(globalFetch).not.toHaveBeenCalled();
    expect(receiver.received).toHaveLength(1);
  });
});

/** The outbox's rows by id, with how far their next attempt is from the database's now (seconds). */
async function rows() {
  return db
    .select({
      id: securityAlertOutbox.id,
      attempts: securityAlertOutbox.attempts,
      lastError: securityAlertOutbox.lastError,
      deliveredAt: securityAlertOutbox.deliveredAt,
      dueIn: sql<number>`extract(epoch from (${securityAlertOutbox.nextAttemptAt} - now()))::float8`,
    })
    .from(securityAlertOutbox)
    .orderBy(securityAlertOutbox.id);
}

const makeAllDue = () => db.update(securityAlertOutbox).set({ nextAttemptAt: new Date(0) });

describe("a receiver that asks us to slow down (429)", () => {
  it("is not asked again before its Retry-After, and the rest of the batch waits with it, no attempt spent", async () => {
    for (let i = 0; i < 3; i++) await raise();
    receiver.answer = (post) => (post === 1 ? { status: 429, headers: { "Retry-After": "120" } } : undefined);
    expect(await deliverDueAlerts({ db, url, delayMs: noDelay })).toBe(0);
    // The batch stopped at the 429: the other two were not posted.
    expect(receiver.received).toHaveLength(1);
    const [limited, ...rest] = await rows();
    expect(limited).toMatchObject({ attempts: 1, lastError: "HTTP 429", deliveredAt: null });
    expect(limited!.dueIn).toBeGreaterThan(115);
    expect(limited!.dueIn).toBeLessThanOrEqual(120);
    for (const row of rest) {
      expect(row).toMatchObject({ attempts: 0, lastError: null, deliveredAt: null });
      expect(row.dueIn).toBeGreaterThan(115);
      expect(row.dueIn).toBeLessThanOrEqual(120);
    }
    // Nothing is due meanwhile.
    expect(await deliverDueAlerts({ db, url, delayMs: noDelay })).toBe(0);
    expect(receiver.received).toHaveLength(1);
    // Once it is, all three go.
    await makeAllDue();
    expect(await deliverDueAlerts({ db, url, delayMs: noDelay })).toBe(3);
    expect((await rows()).map((row) => row.attempts)).toEqual([2, 1, 1]);
  });

  it("reads an HTTP-date, and waits out the backoff when that is the later", async () => {
    for (let i = 0; i < 2; i++) await raise();
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    receiver.answer = (post) => (post === 1 ? { status: 429, headers: { "Retry-After": inTwoMinutes } } : undefined);
    await deliverDueAlerts({ db, url, delayMs: noDelay });
    let [limited, other] = await rows();
    expect(limited!.dueIn).toBeGreaterThan(110);
    expect(other!.dueIn).toBeGreaterThan(110);

    await db.delete(securityAlerts);
    receiver.received = [];
    for (let i = 0; i < 2; i++) await raise();
    receiver.answer = (post) => (post === 1 ? { status: 429, headers: { "Retry-After": "1" } } : undefined);
    await deliverDueAlerts({ db, url });
    [limited, other] = await rows();
    // The first failure's backoff (10 s) is later than the 1 s asked for; the untried row waits the 1 s.
    expect(limited).toMatchObject({ attempts: 1, lastError: "HTTP 429" });
    expect(limited!.dueIn).toBeGreaterThan(retryDelayMs(1) / 1000 - 5);
    expect(other).toMatchObject({ attempts: 0, lastError: null });
    expect(other!.dueIn).toBeLessThanOrEqual(1);
  });

  it("without Retry-After: the backoff, and the rest of the batch is due again as it was", async () => {
    for (let i = 0; i < 2; i++) await raise();
    receiver.answer = (post) => (post === 1 ? { status: 429 } : undefined);
    await deliverDueAlerts({ db, url });
    const [limited, other] = await rows();
    expect(limited).toMatchObject({ attempts: 1, lastError: "HTTP 429" });
    expect(limited!.dueIn).toBeGreaterThan(retryDelayMs(1) / 1000 - 5);
    expect(other).toMatchObject({ attempts: 0, lastError: null });
    expect(other!.dueIn).toBeLessThanOrEqual(0);
    expect(receiver.received).toHaveLength(1);
    expect(await deliverDueAlerts({ db, url })).toBe(1);
  });
});

describe("a webhook URL that is gone (404, 410)", () => {
  it.each([404, 410])(
    "gives the alert up at the first %i, with one error naming the URL as gone, and never posts it again",
    async (status) => {
      await raise();
      const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
      const warnings = vi.spyOn(log, "warn").mockImplementation(() => undefined);
      receiver.answer = () => ({ status });
      expect(await deliverDueAlerts({ db, url, delayMs: noDelay })).toBe(0);
      const [row] = await rows();
      expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, lastError: `HTTP ${status}`, deliveredAt: null });
      expect(errors).toHaveBeenCalledTimes(1);
      expect(errors.mock.calls[0]![1]).toMatch(/webhook URL is gone/);
      expect(JSON.stringify(errors.mock.calls)).not.toContain(url);
      expect(warnings).not.toHaveBeenCalled();
      await makeAllDue();
      expect(await deliverDueAlerts({ db, url, delayMs: noDelay })).toBe(0);
      expect(receiver.received).toHaveLength(1);
    },
  );
});
