import "server-only";
import { inFlightCount, settleInFlight } from "./in-flight";
import { within } from "@/lib/time/within";

/** How long requests in flight may take to finish once a stop is asked for. */
export const DRAIN_MS = 10_000;

/** How long recording the money-moving calls still in flight may take, before the database closes. */
export const SETTLE_MS = 3_000;

type Logger = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

type Options = {
  /** Closes the database; called once, after the drain, before the process exits. */
  close: () => Promise<void>;
  log: Logger;
  drainMs?: number;
  /** The process to stop (a stand-in under test). */
  proc?: Pick<NodeJS.Process, "once" | "exit">;
};

// On globalThis: Next bundles instrumentation and the route handlers separately, each with its own module copy.
const state = () => ((globalThis as unknown as { __shutdown?: { draining: boolean } }).__shutdown ??= { draining: false });

/** True once SIGTERM arrived: readiness then answers 503 so a load balancer sends traffic elsewhere. */
export function isDraining(): boolean {
  return state().draining;
}

/**
 * `next start` handles SIGTERM itself: it stops accepting connections, waits for the requests in
 * flight without limit, then calls process.exit. This adds what it lacks: a bound (after
 * `drainMs` the process stops anyway), recording the money-moving calls that bound cuts short as
 * unknown outcomes, and closing the database between the drain and the exit, by holding Next's
 * process.exit until the database is closed.
 */
export function installShutdown(options: Options): void {
  const proc = options.proc ?? process;
  const drainMs = options.drainMs ?? DRAIN_MS;
  const onSignal = (signal: NodeJS.Signals) => {
    if (state().draining) return;
    state().draining = true;
    options.log.info({ signal, drainMs }, "stopping: no new connections, finishing the requests in flight");
    const exit = proc.exit.bind(proc);
    let finishing = false;
    const finish = async (code: number) => {
      if (finishing) return;
      finishing = true;
      // A card issuance or credit still waiting for the payments API is recorded as an unknown
      // outcome now, while the database is open: the process will not see its answer.
      const inFlight = inFlightCount();
      if (inFlight > 0) {
        try {
          const { settled, failed } = await withDeadline(settleInFlight(), SETTLE_MS);
          options.log.warn({ settled, failed }, "money-moving calls still in flight recorded as unknown outcomes");
        } catch (error) {
          options.log.error({ inFlight, code: error instanceof Error ? error.name : "unknown" }, "recording the calls in flight failed");
        }
      }
      try {
        await withDeadline(options.close(), 5_000);
        options.log.info({}, "database closed");
      } catch (error) {
        options.log.error({ code: error instanceof Error ? error.name : "unknown" }, "closing the database failed");
      }
      exit(code);
    };
    proc.exit = ((code?: number | string | null) => {
      void finish(typeof code === "number" ? code : 0);
    }) as NodeJS.Process["exit"];
    const timer = setTimeout(() => {
      options.log.warn({ drainMs }, "requests still in flight after the drain period; stopping anyway");
      void finish(128 + 15);
    }, drainMs);
    timer.unref();
  };
  proc.once("SIGTERM", onSignal);
  proc.once("SIGINT", onSignal);
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  return within(promise, ms, () => {
    throw new Error("timed out");
  });
}
