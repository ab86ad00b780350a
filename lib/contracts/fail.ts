import { AppError } from "@/lib/errors";
import type { Contract, ErrorBodyOf, ErrorCodeOf } from "./contract";
import { ERROR_STATUS, type ErrorCode } from "./errors";

/**
 * Who answers the refusal: the contract of the route, or, for a check that many routes share (the
 * step-up, the re-authentication, the second-factor code), the list of codes those routes all spread
 * into their `errors` (`STEP_UP_ERRORS`), so the check stays typed without picking one of its routes.
 */
type Answerer = Contract | readonly ErrorCode[];

type CodeOf<A extends Answerer> = A extends Contract ? ErrorCodeOf<A> : A extends readonly (infer K)[] ? K : never;
type BodyOf<A extends Answerer, K extends string> = A extends Contract ? ErrorBodyOf<A, K> : undefined;

type Extra<A extends Answerer, K extends string> = {
  /** Another status than the code's usual one (ERROR_STATUS). */
  status?: number;
  /** The request field the refusal is about (a 400 puts it on the form's field). */
  field?: string;
  cause?: unknown;
} & (BodyOf<A, K> extends undefined ? { body?: undefined } : { body: BodyOf<A, K> });

type ExtraArg<A extends Answerer, K extends string> = BodyOf<A, K> extends undefined ? [extra?: Extra<A, K>] : [extra: Extra<A, K>];

/**
 * The refusal a handler or service throws, typed by the contract it answers for: a code the contract
 * does not declare does not compile, the status comes from the one list (ERROR_STATUS), and a code
 * with a declared error body (Contract.errorBodies) must be given that body.
 *
 *     throw fail(cardContracts.postCard, "verification_not_approved", "The stored verification …");
 *     throw fail(STEP_UP_ERRORS, "step_up_required", STEP_UP_MESSAGE);
 */
export function fail<const A extends Answerer, const K extends CodeOf<A>>(
  _answerer: A,
  code: K,
  message: string,
  ...[extra]: ExtraArg<A, K>
): AppError {
  return new AppError({
    status: extra?.status ?? ERROR_STATUS[code as ErrorCode],
    code,
    message,
    field: extra?.field,
    cause: extra?.cause,
    body: extra?.body as Record<string, unknown> | undefined,
  });
}
