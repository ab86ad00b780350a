import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MalformedJson, readJsonArray } from "./json-array-stream";

async function* pieces(text: string, size: number): AsyncIterable<Uint8Array> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(text: string, size: number): Promise<unknown[]> {
  const out: unknown[] = [];
  await readJsonArray(pieces(text, size), (elements) => void out.push(...elements));
  return out;
}

describe("reading a JSON array as it streams in", () => {
  it("gives what JSON.parse gives, wherever the chunks are cut", async () => {
    const tricky = [
      { a: 'quote " and \\ backslash', b: "[not, an] {array}", c: "naïve — ünïcødé 😀" },
      [1, [2, { d: null }]],
      "x,y",
      0,
      true,
      {},
    ];
    const text = JSON.stringify(tricky, null, 1);
    for (let size = 1; size <= 17; size++) expect(await read(text, size), `chunks of ${size}`).toEqual(tricky);
    expect(await read(" [ ] ", 1)).toEqual([]);
  });

  it("agrees with JSON.parse on any array of JSON values", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue()), fc.integer({ min: 1, max: 64 }), async (list, size) => {
        const text = JSON.stringify(list);
        expect(await read(text, size)).toEqual(JSON.parse(text));
      }),
      { numRuns: 200 },
    );
  });

  it("agrees with JSON.parse on rows whose text is full of braces and commas", async () => {
    // Every `},` inside a string or a nested object is a wrong guess of where a run of rows ends.
    const text = fc.string({ unit: fc.constantFrom("}", ",", "{", '"', "\\", "]", "[", " ", "a"), maxLength: 12 });
    const row = fc.dictionary(text, fc.oneof(text, fc.dictionary(text, text, { maxKeys: 2 })), { maxKeys: 3 });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 12 }), fc.integer({ min: 1, max: 40 }), fc.boolean(), async (list, size, pretty) => {
        const body = pretty ? JSON.stringify(list, null, 1) : JSON.stringify(list);
        expect(await read(body, size)).toEqual(JSON.parse(body));
      }),
      { numRuns: 300 },
    );
  });

  it("refuses what is not one whole JSON array", async () => {
    for (const bad of [
      '{"a":1}',
      "[1,2",
      "[1,]",
      "[,1]",
      "[1] x",
      "[1,,2]",
      "",
      '["open]',
      '[{"a":1},{"b":2}',
      '[{"a":1},{"b":2},',
      '[{"a":1}},{"b":2}]',
      '[{"a":"}, x"},{"b":2}] ]',
    ]) {
      await expect(read(bad, 3), bad).rejects.toBeInstanceOf(MalformedJson);
    }
  });

  it("skips one leading byte order mark, wherever the chunks cut it (RFC 8259 §8.1)", async () => {
    const text = '\uFEFF[{"a":1},"b"]';
    for (let size = 1; size <= 4; size++) expect(await read(text, size), `chunks of ${size}`).toEqual([{ a: 1 }, "b"]);
    expect(await read("\uFEFF []", 1)).toEqual([]);
  });

  it("refuses a byte order mark anywhere but at the very start, and a second one", async () => {
    for (const bad of [" \uFEFF[1]", "\uFEFF\uFEFF[1]", "[\uFEFF1]", "\uFEFF", "\uFEFF{}"]) {
      for (const size of [1, 2, 64])
        await expect(read(bad, size), `${JSON.stringify(bad)} in chunks of ${size}`).rejects.toBeInstanceOf(MalformedJson);
    }
  });
});
