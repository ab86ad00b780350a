import { describe, expect, it } from "vitest";
import { refuseHostileAuthInput } from "./auth-route-input";

const check = (path: string, segments: string[]) => refuseHostileAuthInput(new Request(`http://localhost:3000${path}`), segments);

describe("refuseHostileAuthInput", () => {
  it.each([
    ["/api/auth/error?error=%0A%0DSet-Cookie%3A%20x%3D1", ["error"], "error"],
    ["/api/auth/error?error=%C3%A9", ["error"], "error"],
    ["/api/auth/error/x", ["error", "Bad\nCode"], "path"],
    ["/api/auth/signin?callbackUrl=%0A", ["signin"], "callbackUrl"],
    ["/api/auth/signin?callbackUrl=%C3%A9", ["signin"], "callbackUrl"],
    ["/api/auth/session", ["s\u00e9ssion"], "path"],
  ])("refuses %s with a 400 naming the field", async (path, segments, field) => {
    const response = check(path, segments);
    expect(response?.status).toBe(400);
    expect(await response!.json()).toMatchObject({ error: { field } });
  });

  it.each([
    ["/api/auth/session", ["session"]],
    ["/api/auth/csrf", ["csrf"]],
    ["/api/auth/error?error=CredentialsSignin", ["error"]],
    ["/api/auth/signin?callbackUrl=%2Fbusiness%3Fa%3D1", ["signin"]],
    ["/api/auth/callback/credentials", ["callback", "credentials"]],
  ])("lets %s through", (path, segments) => {
    expect(check(path, segments)).toBeNull();
  });
});
