/**
 * A counting semaphore: at most `limit()` holders at once, the others wait in arrival order. The limit is read at
 * each take, so a setting changed at start-up applies to the next caller. A waiter whose signal aborts leaves the
 * queue with the error `aborted()` makes, and never holds a place.
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: () => number,
    private readonly aborted: () => Error = () => new Error('aborted while waiting for a slot'),
  ) {}

  /** Holders now (tests and gauges). */
  get active(): number {
    return this.running;
  }

  async take(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw this.aborted();
    if (this.running < this.limit()) {
      this.running += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(go), 1);
        reject(this.aborted());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(go);
    });
  }

  /** Hands the place to the first waiter, or frees it. */
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }

  /** Runs `work` holding a place. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.take(signal);
    try {
      return await work();
    } finally {
      this.give();
    }
  }
}
