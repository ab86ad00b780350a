import { describe, expect, it } from "vitest";
import { creditSimulationRequestSchema } from "./credit";

const sender = { account_name: "Jane Doe", account_number: "0123456789", bank_code: "058", bank_name: "GTBank", narration: "Invoice 42", reference: "sim-123" };

describe("credit simulation request", () => {
  it.each([0.29, 1.15, 19.99, 1_000_000, 0.01])("accepts %d", (amount) => {
    expect(creditSimulationRequestSchema.safeParse({ amount, sender }).success).toBe(true);
  });
  it.each([0, -1, 0.001, 1_000_000.01, Number.NaN])("refuses %d", (amount) => {
    expect(creditSimulationRequestSchema.safeParse({ amount, sender }).success).toBe(false);
  });
  it("names the missing sender field", () => {
    const result = creditSimulationRequestSchema.safeParse({ amount: 5, sender: { ...sender, bank_code: "" } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["sender", "bank_code"]);
  });
});
