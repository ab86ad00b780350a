/**
 * The thread that parses card lists (see card-list-thread.ts): each load arrives as a port, the
 * body's bytes come over it, the sealed columns go back over it.
 */
import { getPriority, setPriority } from "node:os";
import { parentPort, type MessagePort } from "node:worker_threads";
import { DEFAULT_STATE } from "@/lib/finance/card-table-state";
import { CardColumnsBuilder } from "./card-columns";
import type { FromParser, ToParser } from "./card-list-thread";
import { InvalidCardList, parseCardRows } from "./card-rows-parse";

/** Bytes taken between two reports of how far the parse got, so the sender never waits long for room. */
const REPORT_EVERY_BYTES = 1024 * 1024;

class Aborted extends Error {}

/** The body as it arrives over the port, as a stream the parser reads. */
function incoming(port: MessagePort, send: (message: FromParser) => void): AsyncIterable<Uint8Array> {
  const queue: Uint8Array[] = [];
  let ended = false;
  let aborted = false;
  let wake: (() => void) | null = null;
  let taken = 0;
  let reported = 0;
  port.on("message", (message: ToParser) => {
    if ("chunk" in message) queue.push(message.chunk);
    else if ("end" in message) ended = true;
    else aborted = true;
    wake?.();
  });
  const report = () => {
    reported = taken;
    send({ taken });
  };
  return {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (aborted) throw new Aborted();
        const chunk = queue.shift();
        if (chunk) {
          taken += chunk.byteLength;
          if (taken - reported >= REPORT_EVERY_BYTES) report();
          yield chunk;
          continue;
        }
        if (ended) return;
        // Everything sent has been taken: say so, or a sender waiting for room would wait for ever.
        if (taken !== reported) report();
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    },
  };
}

async function load(port: MessagePort): Promise<void> {
  const send = (message: FromParser, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  const builder = new CardColumnsBuilder();
  try {
    await parseCardRows(
      incoming(port, send),
      (row) => builder.add(row),
      () => send({ rows: builder.rows }),
    );
    // The first view is the default one: worked out here, off the app's thread.
    const { data, transfer } = builder.finish().handOver(DEFAULT_STATE);
    send({ done: data, repeated: builder.repeated }, transfer);
  } catch (error) {
    if (error instanceof InvalidCardList) send({ invalid: { row: error.row, reason: error.reason, issues: error.issues } });
    else if (!(error instanceof Aborted)) send({ failed: error instanceof Error ? error.message : String(error) });
  } finally {
    port.close();
  }
}

/**
 * Linux keeps a nice value per thread (elsewhere it is the whole process's, so it is left alone):
 * this thread's bulk parsing gives way to the app's thread when a request is waiting for a core.
 * Measured on 2 cores with a cold 100,000-row load: at 0 another connection's p99 reached 3.1 times
 * its unloaded p99, at 10 the load itself took longest; 5 kept both within target. Only ever
 * lowered: a process started nicer keeps its own value (raising it needs privileges).
 */
const PARSER_NICE = 5;
if (process.platform === "linux" && getPriority() < PARSER_NICE) setPriority(PARSER_NICE);

parentPort?.on("message", (message: { port: MessagePort }) => void load(message.port));
