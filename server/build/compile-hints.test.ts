import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT, STREAMED_SCRIPT_BYTES } from "./compile-hints";

describe("compile hints on the browser chunks", () => {
  it("hints each streamed script once, and leaves small scripts and other files as they were", async () => {
    const dir = await mkdtemp(join(tmpdir(), "hints-"));
    const big = `(globalThis.TURBOPACK||[]).push([${"1,".repeat(STREAMED_SCRIPT_BYTES / 2)}0]);`;
    const small = "(globalThis.TURBOPACK||[]).push([0]);";
    await writeFile(join(dir, "big.js"), big);
    await writeFile(join(dir, "small.js"), small);
    await writeFile(join(dir, "styles.css"), "x".repeat(STREAMED_SCRIPT_BYTES));

    expect(await addCompileHints(dir)).toEqual(["big.js"]);
    expect(await addCompileHints(dir)).toEqual([]);

    const hinted = await readFile(join(dir, "big.js"), "utf8");
    // The hint must be the file's very first line for V8 to read it.
    expect(hinted.indexOf(COMPILE_HINT)).toBe(0);
    expect(hinted.slice(COMPILE_HINT.length)).toBe(big);
    expect(await readFile(join(dir, "small.js"), "utf8")).toBe(small);
    expect(await readFile(join(dir, "styles.css"), "utf8")).toBe("x".repeat(STREAMED_SCRIPT_BYTES));
  });
});
