import "server-only";

const OPEN_ARRAY = 0x5b; // [
const CLOSE_ARRAY = 0x5d; // ]
const OPEN_OBJECT = 0x7b; // {
const CLOSE_OBJECT = 0x7d; // }
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

export class MalformedJson extends Error {}

/** Longest run of bytes handled in one go: a source that hands over its whole body at once is cut up. */
const MAX_SLICE = 64 * 1024;

async function* sliced(chunks: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.byteLength; i += MAX_SLICE) yield chunk.subarray(i, i + MAX_SLICE);
  }
}

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

/**
 * Reads a JSON array from a byte stream, handing over its elements a chunk's worth at a time.
 * The bytes are only scanned for where top-level elements end (strings and nesting tracked);
 * each run of whole elements is then parsed by the native `JSON.parse`, which is several times
 * faster than a parser written in JavaScript. So neither the whole text nor a second copy of it
 * is ever held: at most one chunk plus one unfinished element.
 */
export async function readJsonArray(chunks: AsyncIterable<Uint8Array>, onElements: (elements: unknown[]) => void | Promise<void>): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let started = false;
  let ended = false;
  let depth = 0; // inside the top-level array: 1
  let inString = false;
  let escaped = false;
  let scanned = 0; // bytes of `pending` already scanned
  let elementsSeen = 0;

  for await (const chunk of sliced(chunks)) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    pending = pending.length === 0 ? bytes : Buffer.concat([pending, bytes]);
    let lastBoundary = -1; // index of the last top-level comma or the closing bracket
    let i = scanned;
    if (!started) {
      while (i < pending.length && isSpace(pending[i]!)) i++;
      if (i === pending.length) {
        scanned = i;
        continue;
      }
      if (pending[i] !== OPEN_ARRAY) throw new MalformedJson("not a JSON array");
      started = true;
      depth = 1;
      pending = pending.subarray(i + 1);
      i = 0;
    }
    let nextBackslash = pending.indexOf(BACKSLASH, i);
    for (; i < pending.length; i++) {
      const b = pending[i]!;
      if (ended) {
        if (!isSpace(b)) throw new MalformedJson("text after the array");
        continue;
      }
      if (inString) {
        if (escaped) {
          escaped = false;
          continue;
        }
        // Jump to the next quote or backslash natively instead of stepping byte by byte.
        const quote = pending.indexOf(QUOTE, i);
        // The next backslash is looked up again only once passed: most lists have none at all.
        if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = pending.indexOf(BACKSLASH, i);
        const backslash = nextBackslash;
        if (quote === -1 && backslash === -1) {
          i = pending.length;
          break;
        }
        if (backslash !== -1 && (quote === -1 || backslash < quote)) {
          i = backslash;
          escaped = true;
        } else {
          i = quote;
          inString = false;
        }
        continue;
      }
      if (b === QUOTE) inString = true;
      else if (b === OPEN_OBJECT || b === OPEN_ARRAY) depth++;
      else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
        depth--;
        if (depth === 0) {
          ended = true;
          lastBoundary = i;
        }
      } else if (b === COMMA && depth === 1) lastBoundary = i;
    }
    scanned = pending.length;
    if (lastBoundary === -1) continue;
    const whole = pending.toString("utf8", 0, lastBoundary);
    pending = pending.subarray(lastBoundary + 1);
    scanned = pending.length;
    if (whole.trim() === "") {
      // "[]" is an empty list; "[," and "[1,]" are not JSON.
      if (!ended || elementsSeen > 0) throw new MalformedJson("empty element");
      continue;
    }
    let elements: unknown[];
    try {
      elements = JSON.parse(`[${whole}]`) as unknown[];
    } catch (error) {
      throw new MalformedJson(error instanceof Error ? error.message : "invalid JSON");
    }
    elementsSeen += elements.length;
    await onElements(elements);
  }
  if (!ended) throw new MalformedJson("the array was cut short");
}
