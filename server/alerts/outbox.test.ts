import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { raiseAlert } from "@/server/audit/alert-rules";
import { securityAlertOutbox, securityAlerts } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { BATCH, deliverDueAlerts, MAX_ATTEMPTS, POST_TIMEOUT_MS } from "./outbox";

vi.stubEnv("ALERT_WEBHOOK_URL", "http://127.0.0.1:9/alerts");

let db: Db;
withFreshDatabase((handle) => (db = handle));

// A receiver that answers 500 to the first `failFirst` posts, then 200, and keeps what it was sent.
const receiver = { failFirst: 0, received: [] as { contentType: string | undefined; body: string }[] };
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      receiver.received.push({ contentType: req.headers["content-type"], body });
      res.statusCode = receiver.received.length <= receiver.failFirst ? 500 : 200;
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
  receiver.received = [];
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

  it("posts a Slack-compatible JSON body: one text line, the subject and counts, nothing else", async () => {
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
});
