/**
 * The bench's view inside the app process, through the Node inspector it was started with (on
 * loopback, for the bench only): a full garbage collection before each memory reading, the
 * resident set size, and the card snapshot store's own count of bytes and rows held.
 */
import { WebSocket } from "undici";

export type Inspector = {
  /** Any inspector command; its `result`. */
  command: <T>(method: string, params?: object) => Promise<T>;
  gc: () => Promise<void>;
  evaluate: <T>(expression: string) => Promise<T>;
  close: () => void;
};

export async function connectInspector(port: number): Promise<Inspector> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve());
    socket.addEventListener("error", () => reject(new Error("inspector connection failed")));
  });
  type Answer = { id?: number; result?: { result?: { value?: unknown }; profile?: unknown }; error?: unknown };
  let next = 1;
  const waiting = new Map<number, (message: Answer) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as Answer;
    if (message.id !== undefined) waiting.get(message.id)?.(message);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<Answer>((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    command: async <T>(method: string, params: object = {}) => {
      const answer = await send(method, params);
      if (answer.error) throw new Error(JSON.stringify(answer.error));
      return answer.result as T;
    },
    gc: async () => {
      await send("HeapProfiler.collectGarbage");
    },
    evaluate: async <T>(expression: string) => {
      const answer = await send("Runtime.evaluate", { expression, returnByValue: true });
      if (answer.error) throw new Error(JSON.stringify(answer.error));
      return answer.result?.result?.value as T;
    },
    close: () => socket.close(),
  };
}

/** RSS in bytes after a full collection. */
export async function settledRss(inspector: Inspector): Promise<number> {
  await inspector.gc();
  await new Promise((r) => setTimeout(r, 500));
  await inspector.gc();
  return inspector.evaluate<number>("process.memoryUsage().rss");
}

/**
 * Milliseconds the app's main thread has spent paused in garbage collection since the first call
 * (a `gc` PerformanceObserver the first call installs in the app). Scavenges done in parallel by
 * V8's helper threads are not in it; they are in the app's CPU time.
 */
export async function gcPauseMs(inspector: Inspector): Promise<number> {
  return inspector.evaluate<number>(`(() => {
    if (globalThis.__benchGcPauseMs === undefined) {
      globalThis.__benchGcPauseMs = 0;
      const { PerformanceObserver } = process.getBuiltinModule("node:perf_hooks");
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) globalThis.__benchGcPauseMs += entry.duration;
      }).observe({ entryTypes: ["gc"] });
    }
    return globalThis.__benchGcPauseMs;
  })()`);
}
