/**
 * Sessions: issue, resolve, slide and revoke bearer tokens. A token lives 30 days from its last use; the
 * expiry is moved forward at most every few minutes so hot paths do not write on every request. What a token
 * resolved to is kept for a few seconds (`IdentityCache`); a revocation forgets it at once, in every process.
 */
import { SESSION_TTL_DAYS } from '@cc/contracts';
import type { Clock } from '../../clock.js';
import { appError } from '../../errors.js';
import { IdentityCache, localRevocations, type SessionRevocations } from './session-cache.js';
import type { SessionRepository } from './session.repository.js';
import { generateToken, hashToken } from './token.js';

const TTL_MS = SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
const SLIDE_EVERY_MS = 5 * 60 * 1000;

export interface SessionIdentity {
  sessionId: number;
  agentId: number;
}

export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
    private readonly cache = new IdentityCache(),
    private readonly revocations: SessionRevocations = localRevocations,
  ) {}

  /** Listens for sessions other processes revoke. */
  async start(): Promise<void> {
    await this.revocations.subscribe((sessionId) => this.cache.forgetSession(sessionId));
  }

  async close(): Promise<void> {
    await this.revocations.close();
  }

  async issue(agentId: number, meta: { vendor: string; ip: string; userAgent: string }): Promise<string> {
    const token = generateToken();
    const now = this.clock.now();
    await this.sessions.insert({
      token_hash: hashToken(token),
      agent_id: agentId,
      vendor: meta.vendor,
      ip: meta.ip,
      user_agent: meta.userAgent.slice(0, 512),
      now,
      expires_at: now + TTL_MS,
    });
    return token;
  }

  /** Resolves a token to its agent, sliding its expiry; throws `unauthorized` when missing, revoked or expired. */
  async resolve(token: string): Promise<SessionIdentity> {
    const now = this.clock.now();
    // Cached by the token itself: a hit needs no hash (only the token's hash is ever stored in the database).
    let session = this.cache.get(token, now);
    if (!session) {
      const row = await this.sessions.findByHash(hashToken(token));
      if (!row || row.revoked_at !== null) throw appError('unauthorized');
      session = { id: row.id, agent_id: row.agent_id, expires_at: row.expires_at, last_seen_at: row.last_seen_at };
      this.cache.set(token, session, now);
    }
    if (session.expires_at <= now) throw appError('unauthorized');
    if (now - session.last_seen_at >= SLIDE_EVERY_MS) {
      await this.sessions.extend(session.id, now, now + TTL_MS);
      session.last_seen_at = now;
      session.expires_at = now + TTL_MS;
    }
    return { sessionId: session.id, agentId: session.agent_id };
  }

  async revoke(sessionId: number): Promise<void> {
    await this.sessions.revoke(sessionId, this.clock.now());
    this.cache.forgetSession(sessionId);
    await this.revocations.publish(sessionId);
  }
}
