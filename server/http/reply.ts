/**
 * A JSON answer with another status or headers than a plain 200 (201, 202, an idempotent replay).
 * Its own module so that services may answer one without importing the route wrapper.
 */
export class Reply<R> {
  constructor(
    readonly status: number,
    readonly data: R,
    readonly headers: Record<string, string> = {},
  ) {}
}
