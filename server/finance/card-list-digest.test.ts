import { describe, expect, it } from "vitest";
import { hashingBody } from "./card-list-digest";

async function* pieces(text: string, size: number): AsyncIterable<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function digestOf(cardId: string, text: string, size: number): Promise<string> {
  const hashed = hashingBody(cardId, pieces(text, size));
  let passed = "";
  const decoder = new TextDecoder();
  for await (const chunk of hashed.body) passed += decoder.decode(chunk, { stream: true });
  expect(passed).toBe(text);
  return hashed.digest().toString("hex");
}

describe("the digest of a list body hashed as it streams", () => {
  const list = JSON.stringify([
    { id: "ctx_1", amount: 1.5 },
    { id: "ctx_2", amount: 2 },
  ]);

  it("is the same for the same body however it is cut, and differs for another body or card", async () => {
    const whole = await digestOf("card_a", list, 1 << 20);
    expect(whole).toHaveLength(32);
    expect(await digestOf("card_a", list, 3)).toBe(whole);
    expect(await digestOf("card_a", list.replace("1.5", "1.6"), 3)).not.toBe(whole);
    expect(await digestOf("card_b", list, 3)).not.toBe(whole);
  });

  it("refuses to give a digest before the body was read to its end", async () => {
    const hashed = hashingBody("card_a", pieces(list, 4));
    const iterator = hashed.body[Symbol.asyncIterator]();
    await iterator.next();
    expect(() => hashed.digest()).toThrow(/not read to its end/);
  });
});
