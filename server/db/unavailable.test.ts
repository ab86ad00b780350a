import { describe, expect, it } from "vitest";
import { errorResponse } from "@/server/http/respond";
import { DATABASE_RETRY_AFTER_MS, isDatabaseUnavailable } from "./unavailable";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });
/** Drizzle wraps the driver's error as the cause of its own. */
const wrapped = (cause: unknown) => new Error("Failed query: select 1", { cause });

describe("a lost database", () => {
  it.each([
    ["connection refused", withCode("ECONNREFUSED")],
    ["several refused addresses", new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")])],
    ["the pool's connect timeout", new Error("timeout exceeded when trying to connect")],
    ["a connection dropped mid-query", new Error("Connection terminated unexpectedly")],
    ["an administrator's shutdown (57P01)", withCode("57P01", "terminating connection due to administrator command")],
    ["a server still starting (57P03)", withCode("57P03", "the database system is starting up")],
    ["a connection exception (08006)", withCode("08006")],
    ["too many connections (53300)", withCode("53300")],
  ])("is recognised: %s, bare or wrapped by Drizzle", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("23505")],
    ["a syntax error", withCode("42601")],
    ["a plain bug", new TypeError("cannot read properties of undefined")],
  ])("is not confused with a failing statement: %s", (_, error) => {
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it("answers 503 database_unavailable with Retry-After, never a 500", async () => {
    const res = errorResponse(wrapped(withCode("ECONNREFUSED")), "req-1");
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe(String(DATABASE_RETRY_AFTER_MS / 1000));
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("database_unavailable");
  });

  it("leaves a statement that fails for its own reasons a 500 without Retry-After", () => {
    const res = errorResponse(wrapped(withCode("23505")), "req-2");
    expect(res.status).toBe(500);
    expect(res.headers.get("Retry-After")).toBeNull();
  });
});
