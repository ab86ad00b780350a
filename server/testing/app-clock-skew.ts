/**
 * For tests: runs `run` as an instance whose clock is `offsetMs` away from the database's, the case
 * every time written by the database must survive (several instances, one database, clocks that
 * drift). `Date.now()` and `new Date()` move; the database's `now()` does not. PostgreSQL keeps its
 * own clock anyway; PGlite reads this process's `Date.now()`, so its own calls keep the real time.
 */
export async function withAppClockSkew<T>(offsetMs: number, run: () => Promise<T>): Promise<T> {
  const Real = globalThis.Date;
  // Only the direct caller decides: app code that runs inside a PGlite transaction has PGlite's
  // frames further down its stack, and must still see the skewed clock.
  const fromPglite = () => {
    const frames = (new Error().stack ?? "").split("\n").slice(1);
    const caller = frames.find((frame) => !frame.includes("app-clock-skew"));
    return caller !== undefined && /@electric-sql[\\/]pglite/.test(caller);
  };
  const now = () => Real.now() + (fromPglite() ? 0 : offsetMs);
  class Skewed extends Real {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(now());
      else super(...(args as ConstructorParameters<DateConstructor>));
    }
    static override now(): number {
      return now();
    }
  }
  globalThis.Date = Skewed as DateConstructor;
  try {
    return await run();
  } finally {
    globalThis.Date = Real;
  }
}
