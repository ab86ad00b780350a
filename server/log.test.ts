import { Writable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { createLogger } from "./log";

const HASH = "scrypt$16384$8$1$c2FsdHNhbHQ=$a2V5a2V5a2V5";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger(stream, "info"), text: () => lines.join("") };
}

/** The lines without their time and call frames, whose digits could spell a "4111" or a "123" by chance. */
function withoutTimeAndFrames(text: string): string {
  return text
    .trim()
    .split("\n")
    .map((line) => {
      const { time: _time, ...rest } = JSON.parse(line) as { time: number; err?: { stack?: string } };
      if (rest.err) delete rest.err.stack;
      return JSON.stringify(rest);
    })
    .join("\n");
}

/** A real failed insert through drizzle, as the staff service would make it: a duplicate email. */
async function failedInsert(): Promise<unknown> {
  const db = drizzle(new PGlite());
  await db.execute(sql`CREATE TABLE people (email text UNIQUE, password_hash text)`);
  await db.execute(sql`INSERT INTO people VALUES (${"ada@example.com"}, ${HASH})`);
  try {
    await db.execute(sql`INSERT INTO people VALUES (${"ada@example.com"}, ${HASH})`);
  } catch (error) {
    return error;
  }
  throw new Error("the duplicate insert did not fail");
}

describe("logger", () => {
  it("does not throw on a LOG_LEVEL pino does not know: start-up names the variable instead", () => {
    const before = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = "verbose";
    try {
      expect(createLogger().level).toBe("info");
      process.env.LOG_LEVEL = " Debug ";
      expect(createLogger().level).toBe("debug");
    } finally {
      process.env.LOG_LEVEL = before;
    }
  });

  it("logs a failed database query by its SQLSTATE, without the statement, parameters or detail", async () => {
    const error = await failedInsert();
    // The premise: the error itself carries the hash and the email.
    expect(String((error as Error).message) + JSON.stringify(error)).toContain(HASH);
    const { logger, text } = capture();
    logger.error({ err: error, requestId: "r1" }, "unhandled error in route handler");
    const line = JSON.parse(text()) as { err: Record<string, unknown> };
    expect(line.err).toMatchObject({ type: "DatabaseError", code: "23505", message: "database query failed" });
    expect(text()).not.toContain("scrypt$");
    expect(text()).not.toContain("ada@example.com");
    expect(text()).not.toMatch(/INSERT|Key \(email\)/);
    // Opening an in-memory PostgreSQL takes seconds on a busy machine: not what is measured here.
  }, 60_000);

  it("masks personal values and censors secrets at any of the first two levels", () => {
    const { logger, text } = capture();
    logger.warn(
      {
        bvn: "22212345678",
        upstream: { email: "ada@example.com", password: "hunter2hunter2", number: "5061000011112222" },
        body: { anything: "x" },
      },
      "x",
    );
    const line = JSON.parse(text()) as Record<string, Record<string, unknown> | string>;
    expect(line.bvn).toBe("•••••••5678");
    expect(line.upstream).toEqual({ email: "a•••@example.com", password: "[redacted]", number: "•••••••2222" });
    expect(line.body).toBe("[redacted]");
  });

  it("censors a secret under any spelling at any depth, drops a CVV and keeps a card number's last four by its key", () => {
    const { logger, text } = capture();
    logger.warn(
      {
        upstream: {
          request: {
            headers: { authorization: "Bearer eyJhbGciOi.secret", "API-KEY": "sk_live_abc" },
            login: { password: "hunter2hunter2", newPassword: "n3w-hunter2", currentPassword: "old-hunter2" },
          },
        },
        apiKey: "sk_live_def",
        client: { client_secret: "cs_123456", totp_secret: "JBSWY3DPEHPK3PXP" },
        // Not Luhn-valid, so only its key tells it apart; the CVV is 3 digits away from any card number.
        card: { card_number: "4111111111111112", cvv: "123", pan: "5061000011119999" },
        bill: { token: "1234-5678-9012-3456" },
        generatedPassword: true,
      },
      "x",
    );
    const out = text();
    expect(out).not.toMatch(/eyJhbGciOi|sk_live|hunter2|cs_123456|JBSWY3DPEHPK3PXP|4111111111111112|5061000011119999|"123"/);
    const line = JSON.parse(out) as Record<string, unknown>;
    expect(line).toMatchObject({
      upstream: {
        request: {
          headers: { authorization: "[redacted]", "API-KEY": "[redacted]" },
          login: { password: "[redacted]", newPassword: "[redacted]", currentPassword: "[redacted]" },
        },
      },
      apiKey: "[redacted]",
      client: { client_secret: "[redacted]", totp_secret: "[redacted]" },
      card: { card_number: "•••••••1112", cvv: "[redacted]", pan: "•••••••9999" },
      bill: { token: "•••••••3456" },
      generatedPassword: true,
    });
  });

  it("masks a card number or BVN by value under any key, at any depth, in the message and in an error's message", () => {
    const { logger, text } = capture();
    logger.warn(
      {
        reference: "२२२१२३४५६७८",
        deep: { a: { b: { note: "card 4111 1111 1111 1111 cvv 123" } } },
        err: new Error("bad input ２２２１２３４５６７８"),
      },
      "charged 4111-1111-1111-1111",
    );
    const out = text();
    expect(out).not.toMatch(/२२२१२३४५६७८|２２２１２３４５６７８|22212345678|4111 1111 1111 1111|4111-1111-1111-1111| 123"/);
    const line = JSON.parse(out) as { reference: string; msg: string; deep: { a: { b: { note: string } } }; err: { message: string } };
    expect(line).toMatchObject({
      reference: "•••••••5678",
      msg: "charged •••••••1111",
      deep: { a: { b: { note: "card •••••••1111 cvv •••" } } },
      err: { message: "bad input •••••••5678" },
    });
  });

  it("masks the message pino takes from an error: an Error logged alone, or under err with no message", () => {
    const { logger, text } = capture();
    logger.error(new Error("declined 4111 1111 1111 1111 cvv 123"));
    logger.error({ err: new Error("declined 4111 1111 1111 1111 cvv 123") });
    // A database error's message quotes its statement and parameters: the message is the serializer's.
    logger.error(new Error("Failed query: INSERT INTO people VALUES ($1)\nparams: ada@example.com"));
    const out = text();
    expect(withoutTimeAndFrames(out)).not.toMatch(/4111|\b123\b|ada@example\.com|INSERT/);
    const lines = out
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { msg: string; err: { message: string } });
    expect(lines.map((line) => line.msg)).toEqual([
      "declined •••••••1111 cvv •••",
      "declined •••••••1111 cvv •••",
      "database query failed",
    ]);
    expect(lines[0]!.err).toMatchObject({ type: "Error", message: "declined •••••••1111 cvv •••" });
    // A message of the call's own is kept, and an error's message does not replace it.
    const own = capture();
    own.logger.error(new Error("card 4111 1111 1111 1111"), "charge failed for %s", "4111 1111 1111 1111");
    expect(JSON.parse(own.text())).toMatchObject({ msg: "charge failed for •••••••1111", err: { message: "card •••••••1111" } });
  });

  it("masks and redacts the values interpolated into the message (%o, %j, %s, %d)", () => {
    const { logger, text } = capture();
    logger.info({}, "%o", { pan: "4111111111111111" });
    logger.info("%j then %s", { deep: { note: "card 4111 1111 1111 1111 cvv 123" }, password: "hunter2hunter2" }, ["22212345678"]);
    logger.info("%s", new Error("declined 4111 1111 1111 1111"));
    logger.info("%o", new Error("declined 4111 1111 1111 1111"));
    logger.info("%d", 4111111111111111);
    logger.info("%s", 4111111111111111n);
    const out = text();
    expect(withoutTimeAndFrames(out)).not.toMatch(/4111|\b123\b|hunter2|22212345678/);
    const msgs = out
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(msgs[0]).toBe('{"pan":"•••••••1111"}');
    expect(msgs[1]).toContain('"note":"card •••••••1111 cvv •••"');
    expect(msgs[1]).toContain('"password":"[redacted]"');
    expect(msgs.slice(2, 4)).toEqual(["Error: declined •••••••1111", "'Error: declined •••••••1111'"]);
  });

  it("masks a card number or BVN split between the message and its values, in the line as formatted", () => {
    const { logger, text } = capture();
    logger.info("card 4340 7550 %s", "2021 9226");
    logger.info("card %s %s cvv %s", "4340 7550", "2021 9226", "357");
    logger.info({ customer: "cus_1" }, "BVN 2221%d", 2345678);
    logger.info("card 4340 7550 %j", "2021 9226");
    // A child's prefix is part of the line too.
    logger.child({}, { msgPrefix: "card 4340 7550 " }).warn("2021 9226 declined");
    // Objects are still redacted by key before they are stringified into the line.
    logger.info("card 4340 7550 %s %o", "2021 9226", { password: "hunter2hunter2" });
    const out = text();
    expect(withoutTimeAndFrames(out)).not.toMatch(/4340|2021|\b357\b|2345678|hunter2/);
    const msgs = out
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(msgs).toEqual([
      "card •••••••9226",
      "card •••••••9226 cvv •••",
      "BVN •••••••5678",
      "card •••••••9226'",
      "card •••••••9226 declined",
      'card •••••••9226 {"password":"[redacted]"}',
    ]);
  });

  it("logs an upstream failure by its code and status, not its message", () => {
    const { logger, text } = capture();
    logger.error({ err: new AppError({ status: 502, code: "upstream_error", message: "BVN 22212345678 not found" }) }, "x");
    expect(JSON.parse(text())).toMatchObject({ err: { code: "upstream_error", status: 502 } });
    expect(text()).not.toContain("22212345678");
  });
});
