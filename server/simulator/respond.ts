import "server-only";

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8" } as const;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** A body that is already serialised (the large card-transaction lists are cached as text). */
export function jsonText(status: number, text: string): Response {
  return new Response(text, { status, headers: JSON_HEADERS });
}

/** The general error shape every endpoint uses: `{ message, values }`. */
export function generalError(
  status: number,
  message: string,
  values: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return json(status, { message, values }, headers);
}

/** The typed error of the card-verification endpoints: `{ code, message, field? }`. */
export function typedError(status: number, code: string, message: string, field?: string): Response {
  return json(status, field ? { code, message, field } : { code, message });
}

/**
 * Thrown by helpers deep in a handler (body parsing, customer lookup) to answer early;
 * the dispatcher turns it into its response, so handlers stay straight-line code.
 */
export class ApiFailure extends Error {
  constructor(readonly response: Response) {
    super(`simulated API failure (${response.status})`);
    this.name = "ApiFailure";
  }
}

export const fail = {
  general: (status: number, message: string, values: Record<string, unknown> = {}) => new ApiFailure(generalError(status, message, values)),
  typed: (status: number, code: string, message: string, field?: string) => new ApiFailure(typedError(status, code, message, field)),
  notFound: (what: string, id: string) => new ApiFailure(generalError(404, `No ${what} was found with id ${id}.`, { id })),
};
