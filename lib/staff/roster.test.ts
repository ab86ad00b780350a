import { describe, expect, it } from "vitest";
import { createStaffSchema, type StaffMemberView } from "@/lib/contracts/staff";
import { clientErrors } from "@/lib/forms/form-errors";
import { isOnlyActiveAdmin } from "./roster";

const member = (id: string, role: StaffMemberView["role"], status: StaffMemberView["status"] = "active"): StaffMemberView => ({
  id,
  email: `${id}@example.com`,
  name: id,
  role,
  status,
  createdAt: "2026-01-01T00:00:00.000Z",
  lastSignInAt: null,
});

describe("isOnlyActiveAdmin", () => {
  it("is true for the one active admin only", () => {
    const list = [member("a", "admin"), member("b", "admin", "disabled"), member("c", "finance")];
    expect(isOnlyActiveAdmin(list, "a")).toBe(true);
    expect(isOnlyActiveAdmin(list, "b")).toBe(false);
    expect(isOnlyActiveAdmin(list, "c")).toBe(false);
  });
  it("is false for everyone when two admins are active", () => {
    const list = [member("a", "admin"), member("b", "admin")];
    expect(isOnlyActiveAdmin(list, "a")).toBe(false);
    expect(isOnlyActiveAdmin(list, "b")).toBe(false);
  });
});

describe("the add-staff form's errors", () => {
  it("are one message per field, from the same schema the server uses", () => {
    const parsed = createStaffSchema.safeParse({ email: "not-an-email", name: "  ", role: "", password: "short" });
    expect(parsed.success).toBe(false);
    expect(clientErrors(parsed.error!, ["name", "email", "role", "password"]).fields).toEqual({
      email: "Enter a valid email address.",
      name: "Enter the name.",
      role: "Choose a role.",
      password: "The password needs at least 12 characters (or generate one).",
    });
  });
  it("asks for no password when one is to be generated", () => {
    const parsed = createStaffSchema.safeParse({ email: "x@example.com", name: "X", role: "ops", generatePassword: true });
    expect(parsed.success).toBe(true);
  });
});
