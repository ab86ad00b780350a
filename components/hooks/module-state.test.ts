import { describe, expect, it } from "vitest";
import { initialModuleState, moduleReducer, onNeedChange, shouldFetch, type ModuleState } from "./module-state";

type M = { name: string };
const mod: M = { name: "rows" };
const chunkError = new Error("Loading chunk 123 failed.");

describe("a module fetched on first use", () => {
  it("starts with the module when the tab already has it, else waits for it, fetching only while needed", () => {
    expect(initialModuleState<M>(mod)).toEqual({ status: "loaded", module: mod });
    const start = initialModuleState<M>(undefined);
    expect(start).toEqual({ status: "pending", attempt: 0 });
    expect(shouldFetch(start, false)).toBe(false);
    expect(shouldFetch(start, true)).toBe(true);
  });

  it("a failed fetch is a state of its own (not a skeleton for ever), and fetches nothing more by itself", () => {
    const failed = moduleReducer<M>({ status: "pending", attempt: 0 }, { type: "failed", attempt: 0, error: chunkError });
    expect(failed).toEqual({ status: "failed", attempt: 0, error: chunkError });
    expect(shouldFetch(failed, true)).toBe(false);
  });

  it("Try again fetches afresh, as a new attempt, and can succeed", () => {
    const failed: ModuleState<M> = { status: "failed", attempt: 0, error: chunkError };
    const again = moduleReducer(failed, { type: "retry" });
    expect(again).toEqual({ status: "pending", attempt: 1 });
    expect(shouldFetch(again, true)).toBe(true);
    expect(moduleReducer(again, { type: "loaded", attempt: 1, module: mod })).toEqual({ status: "loaded", module: mod });
  });

  it("a late failure of an earlier attempt does not undo a retry", () => {
    const retrying: ModuleState<M> = { status: "pending", attempt: 2 };
    expect(moduleReducer(retrying, { type: "failed", attempt: 1, error: chunkError })).toBe(retrying);
  });

  it("keeps a module that arrived: a retry or a failure after it changes nothing", () => {
    const loaded: ModuleState<M> = { status: "loaded", module: mod };
    expect(moduleReducer(loaded, { type: "retry" })).toBe(loaded);
    expect(moduleReducer(loaded, { type: "failed", attempt: 0, error: chunkError })).toBe(loaded);
    expect(moduleReducer(loaded, { type: "loaded", attempt: 3, module: { name: "other" } })).toBe(loaded);
  });

  it("a retry while not failed changes nothing", () => {
    const pending: ModuleState<M> = { status: "pending", attempt: 0 };
    expect(moduleReducer(pending, { type: "retry" })).toBe(pending);
  });
});

describe("a change of need", () => {
  const failed: ModuleState<M> = { status: "failed", attempt: 0, error: chunkError };

  it("fetches a failed module again when it is needed anew", () => {
    expect(onNeedChange(failed, false, true)).toEqual({ type: "retry" });
  });

  it("does nothing otherwise", () => {
    expect(onNeedChange(failed, true, false)).toBeNull();
    expect(onNeedChange<M>({ status: "pending", attempt: 0 }, false, true)).toBeNull();
    expect(onNeedChange<M>({ status: "loaded", module: mod }, false, true)).toBeNull();
  });
});
