import { describe, expect, it } from "vitest";
import { inSpan, tracingStarted } from "./tracing";

describe("inSpan while tracing is off", () => {
  it("hands back the work's own promise, with no promise of its own around it", async () => {
    expect(tracingStarted()).toBe(false);
    const answer = Promise.resolve(42);
    expect(inSpan("work", {}, () => answer)).toBe(answer);
    await expect(inSpan("work", { onlyInsideTrace: true }, async () => 7)).resolves.toBe(7);
  });

  it("turns what the work throws at once into a rejection, as an async function would", async () => {
    const failure = new Error("refused");
    const call = () =>
      inSpan("work", {}, () => {
        throw failure;
      });
    let answer: Promise<unknown> | undefined;
    expect(() => {
      answer = call();
    }).not.toThrow();
    await expect(answer).rejects.toBe(failure);
  });
});
