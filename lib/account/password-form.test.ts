import { describe, expect, it } from "vitest";
import { clientErrors } from "@/lib/forms/form-errors";
import { passwordFormSchema } from "./password-form";

const fields = ["currentPassword", "newPassword", "confirmPassword"] as const;

describe("passwordFormSchema", () => {
  it("names each field that is wrong", () => {
    const parsed = passwordFormSchema.safeParse({ currentPassword: "", newPassword: "short", confirmPassword: "other" });
    expect(parsed.success).toBe(false);
    expect(clientErrors(parsed.error!, fields).fields).toEqual({
      currentPassword: "Enter your current password.",
      newPassword: "Use at least 12 characters.",
      confirmPassword: "The two new passwords are not the same.",
    });
  });

  it("refuses two new passwords that differ, under the repeat", () => {
    const parsed = passwordFormSchema.safeParse({
      currentPassword: "old",
      newPassword: "a long enough one",
      confirmPassword: "a long enough two",
    });
    expect(clientErrors(parsed.error!, fields).fields).toEqual({ confirmPassword: "The two new passwords are not the same." });
  });

  it("sends only the request's two fields", () => {
    expect(
      passwordFormSchema.parse({ currentPassword: "old", newPassword: "a long enough one", confirmPassword: "a long enough one" }),
    ).toEqual({
      currentPassword: "old",
      newPassword: "a long enough one",
    });
  });
});
