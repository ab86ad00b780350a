import "server-only";

/**
 * scrypt runs on libuv's small thread pool, which file and DNS work share: a burst of sign-ins
 * hashing at once starves every other request of the process. At most `concurrency` checks run at a
 * time; a few more may wait; beyond that the attempt is refused before any hashing happens.
 */
export class VerifyGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  /** Runs `task` when a slot is free; returns `busy` at once when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<{ busy: true } | { busy: false; value: T }> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) return { busy: true };
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return { busy: false, value: await task() };
    } finally {
      // The slot passes straight to the next waiter, so `running` only drops when nobody waits.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** One per process: two checks at a time leave the other pool threads (and the second core) to the app. */
export const passwordGate = new VerifyGate(2, 16);
