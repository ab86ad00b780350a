import type { z } from "@/lib/validation/zod";
import {
  type BodyInput,
  type Contract,
  type ErrorBodyOf,
  type ErrorCodeOf,
  type ParamsInput,
  type QueryInput,
  type ResponseOf,
  pathOf,
  searchOf,
} from "@/lib/contracts/contract";
import type { Endpoint } from "@/lib/contracts/endpoints/endpoint";
import { IDEMPOTENCY_KEY_HEADER } from "@/lib/contracts/idempotency";
import { BffError, bffFetch, type FailureWording } from "./fetcher";

/** What a call passes: the contract's params, query and body (each only when the contract has one). */
export type CallInput<C extends Contract> = (C["params"] extends z.ZodType ? { params: ParamsInput<C> } : { params?: undefined }) &
  (C["query"] extends z.ZodType ? { query?: QueryInput<C> } : { query?: undefined }) &
  (C["body"] extends z.ZodType ? { body: BodyInput<C> } : { body?: undefined }) &
  /** An idempotent contract's intent: one key per intent, resent by every retry of it. */
  (C["idempotent"] extends true ? { idempotencyKey: string } : { idempotencyKey?: undefined }) & {
    signal?: AbortSignal;
    /** What a failure says when the effect may have happened (a card): where to look instead of "try again". */
    wording?: FailureWording;
  };

/** The URL of a contract's endpoint (also for links: a CSV download). */
export function urlOf<C extends Contract>(c: Endpoint<C>, input: { params?: ParamsInput<C>; query?: QueryInput<C> }): string {
  return pathOf(c, input.params as Record<string, string> | undefined) + searchOf(input.query as Record<string, unknown> | undefined);
}

/**
 * Calls one of our endpoints (lib/contracts/endpoints.ts); the answer is typed by its contract's
 * response, which route() parsed it with before sending it.
 */
export function call<C extends Contract & { response: z.ZodType }>(c: Endpoint<C>, input: CallInput<C>): Promise<ResponseOf<C>> {
  return bffFetch<ResponseOf<C>>(urlOf(c, input), {
    method: c.method,
    body: c.method === "GET" ? undefined : (input.body ?? {}),
    headers: input.idempotencyKey === undefined ? undefined : { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey },
    signal: input.signal,
    wording: input.wording,
    errorBodies: c.errorBodies,
  });
}

/** Narrows a failed call to one of the codes its contract declares; a misspelt code does not compile. */
export function isErrorOf<C extends Contract>(
  _c: Endpoint<C>,
  error: unknown,
  code: ErrorCodeOf<C>,
): error is BffError & { code: typeof code } {
  return error instanceof BffError && error.code === code;
}

/**
 * What a failed call's refusal carries beyond the envelope, typed by the contract's declared error
 * body for that code (Contract.errorBodies), or undefined when the error is another one.
 */
export function errorBodyOf<C extends Contract, K extends ErrorCodeOf<C>>(
  c: Endpoint<C>,
  error: unknown,
  code: K,
): ErrorBodyOf<C, K> | undefined {
  return isErrorOf(c, error, code) && error.body !== undefined ? (error.body as ErrorBodyOf<C, K>) : undefined;
}
