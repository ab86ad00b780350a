import { describe, expect, it } from "vitest";
import { z } from "@/lib/validation/zod";
import { BffError } from "@/lib/client/fetcher";
import { clientErrors, serverErrors } from "./form-errors";

const schema = z
  .object({
    amount: z.string().min(1, "Enter an amount."),
    sender: z.object({ reference: z.string().min(3, "Too short.") }),
    confirm: z.string(),
  })
  .refine((v) => v.confirm === "yes", { message: "Confirm first." });
const fields = ["amount", "sender.reference"] as const;

describe("clientErrors", () => {
  it("puts each issue under its field by the dotted path, the first message only, and the rest on the form", () => {
    const result = schema.safeParse({ amount: "", sender: { reference: "x" }, confirm: "no" });
    expect(result.success).toBe(false);
    expect(clientErrors(result.error!, fields)).toEqual({
      fields: { amount: "Enter an amount.", "sender.reference": "Too short." },
      form: "Confirm first.",
    });
  });
});

describe("serverErrors", () => {
  it("maps the envelope's field onto that field", () => {
    expect(
      serverErrors(new BffError(409, "duplicate_reference", "That reference was used.", "sender.reference"), fields, "Try again."),
    ).toEqual({
      fields: { "sender.reference": "That reference was used." },
      form: null,
    });
  });

  it("keeps an unknown field, or none, as the form's error in the server's words", () => {
    expect(serverErrors(new BffError(400, "invalid_request", "Bad header.", "Idempotency-Key"), fields, "Try again.")).toEqual({
      fields: {},
      form: "Bad header.",
    });
    expect(serverErrors(new BffError(502, "upstream_error", "The upstream failed."), fields, "Try again.")).toEqual({
      fields: {},
      form: "The upstream failed.",
    });
  });

  it("falls back to the form's own sentence for anything that is not an envelope", () => {
    expect(serverErrors(new TypeError("Failed to fetch"), fields, "Try again.")).toEqual({ fields: {}, form: "Try again." });
  });
});
