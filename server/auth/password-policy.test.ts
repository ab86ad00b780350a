import { describe, expect, it } from "vitest";
import { newPasswordProblem } from "./password-policy";

describe("new password policy", () => {
  it("accepts a long uncommon password", () => {
    expect(newPasswordProblem("plum-kettle-orbit-97")).toBeNull();
  });

  it("refuses fewer than 12 characters", () => {
    expect(newPasswordProblem("Xk9#mq2!vL4")).toMatch(/at least 12 characters/);
  });

  it("refuses passwords from the common list, also with digits or symbols added", () => {
    expect(newPasswordProblem("1q2w3e4r5t6y")).toMatch(/too common/);
    expect(newPasswordProblem("Password2024!")).toMatch(/too common/);
    expect(newPasswordProblem("ILOVEYOU123456")).toMatch(/too common/);
  });

  it("refuses a run of one or two characters and the email's own name", () => {
    expect(newPasswordProblem("aaaaaaaaaaaaaaaa")).toMatch(/different characters/);
    expect(newPasswordProblem("my-name-is-jordan.lee!", { email: "jordan.lee@example.com" })).toMatch(/email/);
  });
});
