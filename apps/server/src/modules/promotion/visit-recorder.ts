/**
 * Short-link visits are answered at once and written in batches: one transaction per batch, at least every
 * `flushMs` (default 1 s), sooner when `maxBatch` visits wait, and on a graceful stop. Which visits count is decided
 * when the batch is written, inside its transaction, exactly as one transaction per visit would (see
 * `PromotionService.recordVisits`). A crash loses at most the visits of the last `flushMs`; a failed write keeps its
 * visits for the next flush.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface Visit {
  receipt_id: number;
  visitor_hash: string;
  ip_hash: string;
  referrer: string;
  created_at: number;
}

export interface VisitRecorderOptions {
  flushMs: number;
  maxBatch: number;
  /** Visits kept while the database refuses them; beyond this the oldest are dropped (and logged). */
  maxPending: number;
}

export const DEFAULT_VISIT_RECORDER: VisitRecorderOptions = { flushMs: 1000, maxBatch: 2000, maxPending: 200_000 };

export class VisitRecorder {
  private pending: Visit[] = [];
  private writing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly write: (visits: Visit[]) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly options: VisitRecorderOptions = DEFAULT_VISIT_RECORDER,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushMs);
    this.timer.unref();
  }

  record(visit: Visit): void {
    this.pending.push(visit);
    if (this.pending.length >= this.options.maxBatch) void this.flush();
  }

  /** Visits not written yet. */
  get waiting(): number {
    return this.pending.length;
  }

  /** Writes what waits; one write at a time, so a flush during a write waits for it and then writes the rest. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.writing = this.write(batch)
      .catch((error: unknown) => {
        this.log.error({ err: error, visits: batch.length }, 'recording short-link visits failed: kept for a retry');
        this.pending = batch.concat(this.pending);
        const excess = this.pending.length - this.options.maxPending;
        if (excess > 0) {
          this.pending.splice(0, excess);
          this.log.error({ dropped: excess }, 'short-link visits dropped: the database refused them for too long');
        }
      })
      .finally(() => {
        this.writing = null;
      });
    await this.writing;
  }

  /** Stops the timer and writes every visit that waits (a graceful stop loses none). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
    if (this.pending.length > 0) await this.flush();
    if (this.pending.length > 0) this.log.error({ visits: this.pending.length }, 'short-link visits lost at stop');
  }
}
