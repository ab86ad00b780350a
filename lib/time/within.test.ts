import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { within } from "./within";

describe("within: a wait with a bound", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

  it("answers with the work's value when it comes first, and leaves no timer behind", async () => {
    const late = vi.fn(() => "late");
    const answer = within(after(10, "rows"), 250, late);
    await vi.advanceTimersByTimeAsync(10);
    await expect(answer).resolves.toBe("rows");
    expect(late).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("answers with what late() gives once the bound passes, while the work runs on", async () => {
    const answer = within(after(1_000, "rows"), 250, () => null);
    await vi.advanceTimersByTimeAsync(250);
    await expect(answer).resolves.toBeNull();
  });

  it("rejects with what late() throws, and with the work's own rejection when that comes first", async () => {
    const never = new Promise<string>(() => {});
    const timedOut = within(never, 50, () => {
      throw new Error("no answer in time");
    });
    const caught = expect(timedOut).rejects.toThrow("no answer in time");
    await vi.advanceTimersByTimeAsync(50);
    await caught;

    const failed = within(Promise.reject(new Error("refused")), 50, () => "late");
    await expect(failed).rejects.toThrow("refused");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("reads a bound already past as no time at all", async () => {
    const answer = within(after(10, "rows"), -5, () => "late");
    await vi.advanceTimersByTimeAsync(0);
    await expect(answer).resolves.toBe("late");
  });
});
