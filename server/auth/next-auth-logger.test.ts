import { decode, encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "@/server/log";
import { nextAuthLogger } from "./next-auth-logger";
import { SESSION_ENDED } from "./session-policy";

const SECRET = "next-auth-logger-test-secret-0123456789abcdef";

function capture() {
  const warn = vi.spyOn(log, "warn").mockImplementation((() => undefined) as typeof log.warn);
  const error = vi.spyOn(log, "error").mockImplementation((() => undefined) as typeof log.error);
  return { warn, error };
}

/** What next-auth's session route catches when the cookie does not decode. */
async function decodeError(token: string): Promise<unknown> {
  try {
    if (!(await decode({ token, secret: SECRET }))) return new Error("JWT invalid");
  } catch (error) {
    return error;
  }
  throw new Error("the token decoded");
}

afterEach(() => vi.restoreAllMocks());

describe("next-auth's messages in the log", () => {
  it("warns, without raising an error, for cookies a browser altered, forged or kept past expiry", async () => {
    const token = await encode({ token: { sub: "staff-1" }, secret: SECRET, maxAge: 60 });
    const causes = [
      new Error("JWT invalid"),
      await decodeError(token.slice(0, -4) + (token.at(-4) === "A" ? "B" : "A") + token.slice(-3)),
      await decodeError(await encode({ token: { sub: "staff-1" }, secret: "another-secret-0123456789abcdef0123", maxAge: 60 })),
      await decodeError(await encode({ token: { sub: "staff-1" }, secret: SECRET, maxAge: -60 })),
    ];
    const { warn, error } = capture();
    for (const cause of causes) nextAuthLogger.error!("JWT_SESSION_ERROR", cause as Error);
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(causes.length);
    expect(warn.mock.calls[1]![0]).toMatchObject({ code: "JWT_SESSION_ERROR", err: expect.any(Error) });
  });

  it("warns for a callback address off our origin", () => {
    const { warn, error } = capture();
    nextAuthLogger.error!("INVALID_CALLBACK_URL_ERROR", Object.assign(new Error(""), { name: "InvalidCallbackUrl" }));
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ code: "INVALID_CALLBACK_URL_ERROR" }), expect.any(String));
  });

  it("says nothing for a session that ended, and keeps our own faults as errors, with the error where the serializer reads it", () => {
    const { warn, error } = capture();
    nextAuthLogger.error!("JWT_SESSION_ERROR", new Error(SESSION_ENDED));
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();

    const databaseDown = new Error("connect ECONNREFUSED 127.0.0.1:5432");
    nextAuthLogger.error!("JWT_SESSION_ERROR", databaseDown);
    nextAuthLogger.error!("OAUTH_CALLBACK_ERROR", { error: databaseDown, providerId: "oidc", message: databaseDown.message });
    expect(warn).not.toHaveBeenCalled();
    expect(error.mock.calls.map(([fields]) => fields)).toEqual([
      { code: "JWT_SESSION_ERROR", err: databaseDown },
      { code: "OAUTH_CALLBACK_ERROR", err: databaseDown },
    ]);
  });
});
