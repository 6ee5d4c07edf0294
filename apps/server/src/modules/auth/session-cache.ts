/**
 * What a token resolved to, kept for a few seconds so an authorized request does not read its session row again.
 * Kept in this process's memory by the token itself, so a hit costs no hash (the database stores only hashes).
 * A logout forgets the session at once in this process and, through Redis when configured, in every other API
 * process (`SessionRevocations`); a process that misses the message (Redis down) still forgets it within the
 * cache's lifetime, so a revoked token is refused at the latest `IDENTITY_CACHE_MS` later.
 */
import type { Redis } from 'ioredis';

export const IDENTITY_CACHE_MS = 10_000;
const MAX_ENTRIES = 50_000;

export interface CachedSession {
  id: number;
  agent_id: number;
  expires_at: number;
  last_seen_at: number;
}

interface Entry {
  session: CachedSession;
  until: number;
}

export class IdentityCache {
  private readonly byToken = new Map<string, Entry>();
  private readonly tokenBySession = new Map<number, string>();

  constructor(private readonly lifetimeMs = IDENTITY_CACHE_MS) {}

  get(token: string, now: number): CachedSession | undefined {
    const entry = this.byToken.get(token);
    if (!entry) return undefined;
    if (entry.until > now) return entry.session;
    this.delete(token, entry.session.id);
    return undefined;
  }

  set(token: string, session: CachedSession, now: number): void {
    if (this.lifetimeMs <= 0) return;
    if (!this.byToken.has(token) && this.byToken.size >= MAX_ENTRIES) {
      const [oldestToken, oldest] = this.byToken.entries().next().value!;
      this.delete(oldestToken, oldest.session.id);
    }
    this.byToken.set(token, { session, until: now + this.lifetimeMs });
    this.tokenBySession.set(session.id, token);
  }

  forgetSession(sessionId: number): void {
    const token = this.tokenBySession.get(sessionId);
    if (token !== undefined) this.delete(token, sessionId);
  }

  private delete(token: string, sessionId: number): void {
    this.byToken.delete(token);
    this.tokenBySession.delete(sessionId);
  }
}

/** Tells the other API processes that a session ended, so their identity caches forget it. */
export interface SessionRevocations {
  publish(sessionId: number): Promise<void>;
  subscribe(onRevoked: (sessionId: number) => void): Promise<void>;
  close(): Promise<void>;
}

/** One process: nothing to tell. */
export const localRevocations: SessionRevocations = {
  publish: async () => {},
  subscribe: async () => {},
  close: async () => {},
};

/** Through a Redis channel; the subscription needs a connection of its own. */
export class RedisSessionRevocations implements SessionRevocations {
  private subscriber: Redis | null = null;
  private readonly channel: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly onError: (error: unknown) => void,
  ) {
    this.channel = `${prefix}session:revoked`;
  }

  async publish(sessionId: number): Promise<void> {
    await this.redis.publish(this.channel, String(sessionId)).catch(this.onError);
  }

  async subscribe(onRevoked: (sessionId: number) => void): Promise<void> {
    const subscriber = this.redis.duplicate();
    this.subscriber = subscriber;
    subscriber.on('error', this.onError);
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) onRevoked(Number(message));
    });
    // Subscribed on every (re)connection, never awaited: an unreachable Redis must not keep the API from starting
    // (meanwhile a revocation elsewhere reaches this process's cache within its lifetime, IDENTITY_CACHE_MS).
    subscriber.on('ready', () => {
      subscriber.subscribe(this.channel).catch(this.onError);
    });
  }

  async close(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }
}
