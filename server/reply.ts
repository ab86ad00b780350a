/**
 * A JSON answer with another status or headers than a plain 200 (201, 202, an idempotent replay).
 * Its own module, beside the services rather than in server/http, so that a service answers one
 * without reaching up into the route wrapper.
 */
export class Reply<R> {
  constructor(
    readonly status: number,
    readonly data: R,
    readonly headers: Record<string, string> = {},
  ) {}
}
