import { afterEach, describe, expect, it } from "vitest";
import { trackIntent } from "./in-flight";
import { installShutdown, isDraining } from "./shutdown";

/** A stand-in process: records its signal handlers and its exits. */
function fakeProcess() {
  const handlers = new Map<string, (signal: NodeJS.Signals) => void>();
  const events: string[] = [];
  let exited: (code: number) => void = () => {};
  const exit = new Promise<number>((resolve) => (exited = resolve));
  const proc = {
    once: ((event: string, fn: (signal: NodeJS.Signals) => void) => handlers.set(event, fn)) as unknown as NodeJS.Process["once"],
    exit: ((code?: number) => {
      events.push(`exit ${code}`);
      exited(code ?? 0);
    }) as NodeJS.Process["exit"],
  };
  return { proc, handlers, events, exit };
}

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

afterEach(() => {
  delete (globalThis as unknown as { __shutdown?: unknown }).__shutdown;
  delete (globalThis as unknown as { __inFlightIntents?: unknown }).__inFlightIntents;
});

describe("shutdown on SIGTERM", () => {
  it("closes the database after the server's drain and before the process exits", async () => {
    const { proc, handlers, events, exit } = fakeProcess();
    installShutdown({ close: async () => void events.push("database closed"), log: quiet, proc });
    expect(isDraining()).toBe(false);
    handlers.get("SIGTERM")!("SIGTERM");
    expect(isDraining()).toBe(true);
    // Next's own handler calls process.exit once its requests in flight are done.
    proc.exit(143);
    expect(await exit).toBe(143);
    expect(events).toEqual(["database closed", "exit 143"]);
  });

  it("stops anyway when requests are still in flight after the drain period", async () => {
    const { proc, handlers, events, exit } = fakeProcess();
    installShutdown({ close: async () => void events.push("database closed"), log: quiet, proc, drainMs: 20 });
    handlers.get("SIGTERM")!("SIGTERM");
    expect(await exit).toBe(143);
    expect(events).toEqual(["database closed", "exit 143"]);
  });

  it("exits even when closing the database fails", async () => {
    const { proc, handlers, events, exit } = fakeProcess();
    installShutdown({ close: async () => Promise.reject(new Error("gone")), log: quiet, proc });
    handlers.get("SIGTERM")!("SIGTERM");
    proc.exit(143);
    expect(await exit).toBe(143);
    expect(events).toEqual(["exit 143"]);
  });

  it("records a money-moving call still waiting for the API as unknown before the database closes, and lets one already saving finish", async () => {
    const { proc, handlers, events, exit } = fakeProcess();
    const waiting = trackIntent(async () => void events.push("waiting call recorded as unknown"));
    const saving = trackIntent(async () => void events.push("saving call recorded as unknown"));
    expect(saving.answered()).toBe(true);
    installShutdown({ close: async () => void events.push("database closed"), log: quiet, proc, drainMs: 1 });
    handlers.get("SIGTERM")!("SIGTERM");
    // The saving call ends while shutdown waits for it; its own outcome stands.
    await Promise.resolve();
    events.push("saving call saved");
    saving.done();
    expect(await exit).toBe(143);
    expect(events).toEqual(["saving call saved", "waiting call recorded as unknown", "database closed", "exit 143"]);
    // The API's late answer finds the call already settled: the request saves nothing more.
    expect(waiting.answered()).toBe(false);
  });
});
