/**
 * Fixed one-minute request windows per key, for the per-user rate limit. In memory for one process (the embedded
 * profile), or in Redis so every API server behind a load balancer counts together (production).
 */
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.js';

export interface RequestCounter {
  /** Counts one request for `key` in the current minute and answers the count so far. */
  hit(key: string): Promise<number>;
}

const WINDOW_MS = 60_000;

export class MemoryRequestCounter implements RequestCounter {
  private window = -1;
  private counts = new Map<string, number>();
  constructor(private readonly clock: Clock) {}

  async hit(key: string): Promise<number> {
    const window = Math.floor(this.clock.now() / WINDOW_MS);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count;
  }
}

export class RedisRequestCounter implements RequestCounter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly clock: Clock,
  ) {}

  async hit(key: string): Promise<number> {
    const window = Math.floor(this.clock.now() / WINDOW_MS);
    const redisKey = `${this.prefix}rl:user:${key}:${window}`;
    const [[, count]] = (await this.redis
      .multi()
      .incr(redisKey)
      .pexpire(redisKey, WINDOW_MS * 2)
      .exec()) as [[Error | null, number], [Error | null, number]];
    return count;
  }
}
