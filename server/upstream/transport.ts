import "server-only";
import { upstreamErrors } from "./error-mapping";
import { within } from "@/lib/time/within";

/** What a call sends: plain fields, so the pooled transport needs no WHATWG `Request` per call. */
export type UpstreamRequest = {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * When the call must be over (epoch ms). A transport gives up waiting for the answer then, and
   * frees the socket; a whole answer must also have been read by then.
   */
  deadlineAt: number;
};

/**
 * What an answer says of when to ask again: its `Retry-After` header as sent (RFC 9110 §10.2.3:
 * seconds or an HTTP-date; read by lib/retry-later.ts), absent when it sent none. A header sent more
 * than once is joined with ", ", as `Headers.get` does, and so reads as no time at all.
 */
type AnswerHeaders = { retryAfter?: string };

/** A small answer (every operation but a card's list), read whole before it is handed over. */
export type WholeResponse = { status: number; body: string } & AnswerHeaders;

/** An answer whose body is handed over as it arrives: a card's list can be 50 MB. */
export type StreamedResponse = AnswerHeaders & {
  status: number;
  chunks: AsyncIterable<Uint8Array>;
  /** The body as text, for an error answer. */
  readText: () => Promise<string>;
  /** Stops reading and frees the socket, for a body not read to its end. */
  abort: () => void;
};

/**
 * How calls reach the upstream. Small answers are read whole, with no stream per call (the hot
 * path of every page); only a card's list is streamed.
 */
export type Transport = {
  whole: (request: UpstreamRequest) => Promise<WholeResponse>;
  streamed: (request: UpstreamRequest) => Promise<StreamedResponse>;
};

/** The call's deadline passed before the answer (or, for a whole one, its body) was in. */
export class DeadlineExceeded extends Error {}

/**
 * A whole answer larger than this is refused rather than buffered: no operation read whole comes
 * near it (lists page at 100 rows), so a larger one is an upstream fault, not data.
 */
export const MAX_WHOLE_BODY_BYTES = 8 * 1024 * 1024;

/** The error for an answer past the cap: the 502 every caller gives for an answer it cannot read. */
export function answerTooLarge(): Error {
  return upstreamErrors.invalidResponse(new Error(`The upstream's answer is larger than ${MAX_WHOLE_BODY_BYTES} bytes.`));
}

/** Milliseconds left until `deadlineAt`, never negative. */
export function msUntil(deadlineAt: number): number {
  return Math.max(0, deadlineAt - Date.now());
}

/**
 * Resolves with `promise`, or rejects with DeadlineExceeded once `remainingMs` have passed (after
 * calling `onExpiry`, which can abort the work), even if the work itself never ends.
 */
export function beforeDeadline<T>(promise: Promise<T>, remainingMs: number, onExpiry?: () => void): Promise<T> {
  return within(promise, remainingMs, () => {
    onExpiry?.();
    throw new DeadlineExceeded();
  });
}

/** The `Retry-After` of an answer's headers as undici hands them over (names in lower case). */
export function retryAfterOf(headers: Record<string, string | string[] | undefined>): AnswerHeaders {
  const value = headers["retry-after"];
  if (value === undefined) return {};
  return { retryAfter: Array.isArray(value) ? value.join(", ") : value };
}

/** A body read whole, refused past MAX_WHOLE_BODY_BYTES. */
export async function readCapped(body: AsyncIterable<Uint8Array> | null): Promise<string> {
  if (!body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > MAX_WHOLE_BODY_BYTES) throw answerTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

function retryAfterHeader(headers: Headers): AnswerHeaders {
  const value = headers.get("retry-after");
  return value === null ? {} : { retryAfter: value };
}

/** A WHATWG-fetch-shaped function (the embedded simulator, tests). */
export type FetchTransport = (request: Request) => Promise<Response>;

/** A WHATWG-fetch-shaped function as a transport: redirects are answered, never followed. */
export function fetchTransport(fetchLike: FetchTransport): Transport {
  const send = (req: UpstreamRequest, controller: AbortController) =>
    fetchLike(
      new Request(req.url, { method: req.method, headers: req.headers, body: req.body, redirect: "manual", signal: controller.signal }),
    );
  return {
    whole: (req) => {
      const controller = new AbortController();
      const read = async () => {
        const response = await send(req, controller);
        return {
          status: response.status,
          body: await readCapped(response.body as AsyncIterable<Uint8Array> | null),
          ...retryAfterHeader(response.headers),
        };
      };
      return beforeDeadline(read(), msUntil(req.deadlineAt), () => controller.abort());
    },
    streamed: async (req) => {
      const controller = new AbortController();
      const response = await beforeDeadline(send(req, controller), msUntil(req.deadlineAt), () => controller.abort());
      const body = response.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
      return {
        status: response.status,
        ...retryAfterHeader(response.headers),
        chunks: body as unknown as AsyncIterable<Uint8Array>,
        readText: () => readCapped(body as unknown as AsyncIterable<Uint8Array>),
        abort: () => {
          controller.abort();
          // Not awaited: cancelling an undici stream can wait on the peer.
          void body.cancel().catch(() => undefined);
        },
      };
    },
  };
}
