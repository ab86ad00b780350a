import "server-only";

const OPEN_ARRAY = 0x5b; // [
const CLOSE_ARRAY = 0x5d; // ]
const OPEN_OBJECT = 0x7b; // {
const CLOSE_OBJECT = 0x7d; // }
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);

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
 * Where the whole elements at the start of `pending` most likely end: the last `}` followed (after
 * spaces) by a comma, found natively instead of by stepping through every byte. Only a guess: a
 * `}` inside a string or of a nested object may be the one found. JSON.parse settles it, because
 * everything before a wrong `}` is unbalanced (an open string, or an object or array not closed),
 * which JSON.parse always refuses; then the bytes are scanned.
 */
function guessBoundary(pending: Buffer): number {
  for (let brace = pending.lastIndexOf(CLOSE_OBJECT); brace >= 0; brace = brace === 0 ? -1 : pending.lastIndexOf(CLOSE_OBJECT, brace - 1)) {
    let k = brace + 1;
    while (k < pending.length && isSpace(pending[k]!)) k++;
    if (k < pending.length && pending[k] === COMMA) return k;
  }
  return -1;
}

function parseElements(pending: Buffer, end: number): unknown[] | null {
  try {
    return JSON.parse(`[${pending.toString("utf8", 0, end)}]`) as unknown[];
  } catch {
    return null;
  }
}

/**
 * Reads a JSON array from a byte stream, handing over its elements a chunk's worth at a time.
 * Each run of whole elements is parsed by the native `JSON.parse`, several times faster than a
 * parser written in JavaScript. Where a run ends is first guessed natively (guessBoundary) and
 * proven by that parse; only when the guess fails are the bytes scanned for where top-level
 * elements end (strings and nesting tracked). So neither the whole text nor a second copy of it
 * is ever held: at most one chunk plus one unfinished element.
 */
export async function readJsonArray(
  chunks: AsyncIterable<Uint8Array>,
  onElements: (elements: unknown[]) => void | Promise<void>,
): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let started = false;
  let markChecked = false;
  let ended = false;
  let depth = 0; // inside the top-level array: 1
  let inString = false;
  let escaped = false;
  let scanned = 0; // bytes of `pending` already scanned
  let elementsSeen = 0;
  // Off after a wrong guess until the scan finds a boundary, so text full of `},` inside strings
  // costs at most one wasted parse per boundary, never one per chunk over a growing element.
  let guessing = true;

  const deliver = async (elements: unknown[], boundary: number) => {
    pending = pending.subarray(boundary + 1);
    depth = 1;
    inString = false;
    escaped = false;
    scanned = 0;
    guessing = true;
    elementsSeen += elements.length;
    await onElements(elements);
  };

  /** Scans the bytes not scanned yet and hands over the whole elements found. */
  const scan = async () => {
    let lastBoundary = -1; // index of the last top-level comma or the closing bracket
    let i = scanned;
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
    if (lastBoundary === -1) return;
    const whole = pending.toString("utf8", 0, lastBoundary);
    if (whole.trim() === "") {
      // "[]" is an empty list; "[," and "[1,]" are not JSON.
      if (!ended || elementsSeen > 0) throw new MalformedJson("empty element");
      pending = pending.subarray(lastBoundary + 1);
      scanned = pending.length;
      return;
    }
    let elements: unknown[];
    try {
      elements = JSON.parse(`[${whole}]`) as unknown[];
    } catch (error) {
      throw new MalformedJson(error instanceof Error ? error.message : "invalid JSON");
    }
    // Once the closing bracket is passed, `ended` holds and what follows may only be spaces.
    await deliver(elements, lastBoundary);
  };

  for await (const chunk of sliced(chunks)) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    pending = pending.length === 0 ? bytes : Buffer.concat([pending, bytes]);
    if (!markChecked) {
      // RFC 8259 §8.1 lets a parser ignore one byte order mark at the very start; the chunks may cut it.
      if (pending.length < BYTE_ORDER_MARK.length && BYTE_ORDER_MARK.subarray(0, pending.length).equals(pending)) continue;
      if (pending.subarray(0, BYTE_ORDER_MARK.length).equals(BYTE_ORDER_MARK)) pending = pending.subarray(BYTE_ORDER_MARK.length);
      markChecked = true;
    }
    if (!started) {
      let i = 0;
      while (i < pending.length && isSpace(pending[i]!)) i++;
      if (i === pending.length) {
        pending = Buffer.alloc(0);
        continue;
      }
      if (pending[i] !== OPEN_ARRAY) throw new MalformedJson("not a JSON array");
      started = true;
      depth = 1;
      pending = pending.subarray(i + 1);
    }
    if (guessing && !ended) {
      const boundary = guessBoundary(pending);
      if (boundary !== -1) {
        const elements = parseElements(pending, boundary);
        if (elements) {
          await deliver(elements, boundary);
          continue;
        }
        guessing = false;
      }
    }
    await scan();
  }
  // The last element and the closing bracket are never guessed: whatever is left is scanned.
  if (pending.length > scanned) await scan();
  if (!ended) throw new MalformedJson("the array was cut short");
}
