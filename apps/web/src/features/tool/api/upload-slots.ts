/**
 * Uploads sent at once from this page: the server receives at most `MEDIA_UPLOAD_WRITES_PER_CREATOR` (6) upload
 * bodies of one creator and answers 429 to one more, so a drop of ten files runs a few at a time, the rest waiting
 * their turn in order, instead of failing.
 */
export class UploadSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** Resolves with the slot's release (idempotent) once fewer than `size` uploads hold one. */
  async take(): Promise<() => void> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const next = this.waiting.shift();
      // The slot passes to the next upload waiting, or is freed.
      if (next) next();
      else this.running -= 1;
    };
  }
}
