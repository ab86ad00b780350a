import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { contactUpdateSchema } from "@/lib/customers/contact";
import { parseOrThrow } from "./validate";

function refusal(value: unknown) {
  try {
    parseOrThrow(contactUpdateSchema, value);
  } catch (error) {
    if (isAppError(error)) return error.toEnvelope().error;
    throw error;
  }
  throw new Error("accepted");
}

describe("parseOrThrow", () => {
  it("names the field of the first problem", () => {
    expect(refusal({ email: 5 })).toMatchObject({ code: "invalid_request", field: "email" });
  });

  it("names a field the request should not have, and says to remove it", () => {
    const error = refusal({ email: "ok@example.com", extra: 1 });
    expect(error).toMatchObject({ code: "invalid_request", field: "extra" });
    expect(error.message).toBe('This request has no field named "extra". Remove it and send again.');
  });

  it("cuts a long unknown field name short", () => {
    const error = refusal({ email: "ok@example.com", ["k".repeat(5000)]: 1 });
    expect(error.field).toBe("k".repeat(64));
    expect(error.message.length).toBeLessThan(140);
  });
});
