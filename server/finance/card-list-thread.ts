import "server-only";
import { MessageChannel, Worker } from "node:worker_threads";
import { runsBundled } from "@/server/env";
import { log } from "@/server/log";
import { CardColumns, type CardColumnsData } from "./card-columns";
import { InvalidCardList } from "./card-rows-parse";

/** What the app's thread sends the parser for one load. */
export type ToParser = { chunk: Uint8Array } | { end: true } | { abort: true };
/** What the parser sends back: rows read and bytes taken so far, then the columns or why not. */
export type FromParser =
  | { rows: number }
  | { taken: number }
  | { done: CardColumnsData; repeated: number }
  | { invalid: { row: number; reason: InvalidCardList["reason"]; issues: string[] } }
  | { failed: string };

/**
 * Body bytes sent to the parser and not yet taken by it. Past this the body is not read further
 * until it catches up, so a slow parse holds a few megabytes, never the whole 50 MB body.
 */
const MAX_AHEAD_BYTES = 4 * 1024 * 1024;

type Parser = { worker: Worker; loads: Set<(error: Error) => void> };
// On globalThis: Next bundles start-up and the route handlers apart, each with its own module copy.
const shared = globalThis as unknown as { __cardListParser?: Parser };

/**
 * The parsing thread, started at start-up or on first use and kept (it holds nothing between
 * loads); a new one replaces it if it stops. Inside Next the entry is bundled; anywhere else
 * (Vitest, scripts) it is TypeScript source, loaded through tsx.
 */
function spawn(): Worker {
  if (runsBundled()) return new Worker(new URL("./card-list-worker.ts", import.meta.url));
  const entry = JSON.stringify(new URL("card-list-worker.ts", import.meta.url).href);
  return new Worker(`import("tsx/esm/api").then(({ tsImport }) => tsImport(${entry}, ${entry}))`, {
    eval: true,
    execArgv: ["--conditions=react-server"],
  });
}

function sharedParser(): Parser {
  if (shared.__cardListParser) return shared.__cardListParser;
  const started: Parser = { worker: spawn(), loads: new Set() };
  // Idle, it must not keep the process alive; a load in progress does (its port is listened to).
  started.worker.unref();
  started.worker.on("error", (error) => log.error({ err: error }, "the card list parser failed"));
  started.worker.on("exit", (code) => {
    if (shared.__cardListParser === started) shared.__cardListParser = undefined;
    for (const fail of started.loads) fail(new Error(`the card list parser stopped (exit code ${code})`));
  });
  shared.__cardListParser = started;
  return started;
}

/** Starts the parsing thread ahead of the first list (at start-up), so no one waits for it to boot. */
export function startCardListParser(): void {
  sharedParser();
}

/**
 * A card's whole list from one upstream body, parsed and stored in columns on another thread, so
 * the app's thread keeps answering other requests while 100,000 rows load: it only passes the
 * bytes on (no more than MAX_AHEAD_BYTES ahead of the parser) and reports rows read so far.
 * A refused body rejects with InvalidCardList and is not read further; a body that fails to
 * arrive rejects with its own error.
 */
export async function parseCardListOffThread(
  body: AsyncIterable<Uint8Array>,
  onProgress: (rowsRead: number) => void,
): Promise<CardColumns> {
  const { worker, loads } = sharedParser();
  const { port1: port, port2 } = new MessageChannel();
  let taken = 0;
  let finished = false;
  let wake: (() => void) | null = null;
  let fail: (error: Error) => void = () => {};
  const result = new Promise<CardColumnsData>((resolve, reject) => {
    fail = (error) => {
      finished = true;
      reject(error);
      wake?.();
    };
    port.on("message", (message: FromParser) => {
      if ("rows" in message) onProgress(message.rows);
      else if ("taken" in message) {
        taken = message.taken;
        wake?.();
      } else if ("done" in message) {
        finished = true;
        if (message.repeated > 0) log.warn({ repeated: message.repeated }, "the upstream listed transactions twice: each id was kept once");
        resolve(message.done);
      } else if ("invalid" in message) fail(new InvalidCardList(message.invalid.row, message.invalid.reason, message.invalid.issues));
      else fail(new Error(`the card list parser failed: ${message.failed}`));
    });
  });
  // Read once the body is over; until then a failure only stops the reading.
  result.catch(() => {});
  loads.add(fail);
  worker.postMessage({ port: port2 }, [port2]);
  const send = (message: ToParser, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  try {
    let sent = 0;
    for await (const chunk of body) {
      if (finished) break;
      // A copy of just this chunk's bytes (the stream's buffers may be shared), handed over whole.
      const own = new Uint8Array(chunk);
      sent += own.byteLength;
      send({ chunk: own }, [own.buffer]);
      while (sent - taken > MAX_AHEAD_BYTES && !finished) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
    if (!finished) send({ end: true });
    return CardColumns.from(await result);
  } catch (error) {
    send({ abort: true });
    throw error;
  } finally {
    loads.delete(fail);
    port.close();
  }
}
