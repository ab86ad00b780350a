import { AppError } from "@/lib/errors";
import type { Contract, ErrorBodyOf, ErrorCodeOf } from "./contract";
import { ERROR_STATUS } from "./errors";

type Extra<C extends Contract, K extends string> = {
  /** Another status than the code's usual one (ERROR_STATUS). */
  status?: number;
  /** The request field the refusal is about (a 400 puts it on the form's field). */
  field?: string;
  cause?: unknown;
} & (ErrorBodyOf<C, K> extends undefined ? { body?: undefined } : { body: ErrorBodyOf<C, K> });

type ExtraArg<C extends Contract, K extends string> = ErrorBodyOf<C, K> extends undefined ? [extra?: Extra<C, K>] : [extra: Extra<C, K>];

/**
 * The refusal a handler or service throws, typed by the contract it answers for: a code the contract
 * does not declare does not compile, the status comes from the one list (ERROR_STATUS), and a code
 * with a declared error body (Contract.errorBodies) must be given that body.
 *
 *     throw fail(cardContracts.postCard, "verification_not_approved", "The stored verification …");
 */
export function fail<const C extends Contract, const K extends ErrorCodeOf<C>>(
  _c: C,
  code: K,
  message: string,
  ...[extra]: ExtraArg<C, K>
): AppError {
  return new AppError({
    status: extra?.status ?? ERROR_STATUS[code],
    code,
    message,
    field: extra?.field,
    cause: extra?.cause,
    body: extra?.body as Record<string, unknown> | undefined,
  });
}
