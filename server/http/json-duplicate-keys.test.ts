import { describe, expect, it } from "vitest";
import { duplicateKeyIn } from "./json-duplicate-keys";

describe("a key named twice in a JSON body", () => {
  it("is found at any depth, named by its path, however it is escaped", () => {
    expect(duplicateKeyIn('{"amount":"10.50","amount":"999999"}')).toBe("amount");
    expect(duplicateKeyIn('{"event":{"status":"REJECTED","status":"APPROVED"}}')).toBe("event.status");
    expect(duplicateKeyIn('{"a":1,"\\u0061":2}')).toBe("a");
    expect(duplicateKeyIn('{"rows":[{"id":1},{"id":2,"id":3}]}')).toBe("rows.id");
  });

  it("is not found where each object names each key once, or where a string only looks like a key", () => {
    for (const text of [
      '{"amount":"10.50","currency":"NGN"}',
      '{"a":{"x":1},"b":{"x":1}}',
      '[{"id":1},{"id":1}]',
      '{"note":"\\"amount\\":1, \\"amount\\":2","amount":3}',
      '{"list":["amount","amount"]}',
      '"plain"',
      "{}",
    ])
      expect(duplicateKeyIn(text), text).toBeNull();
  });
});
