/**
 * Sessions: issue, resolve, slide and revoke bearer tokens. A token lives 30 days from its last use; the
 * expiry is moved forward at most every few minutes so hot paths do not write on every request.
 */
import { SESSION_TTL_DAYS } from '@cc/contracts';
import type { Clock } from '../../clock.js';
import { appError } from '../../errors.js';
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
  ) {}

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
    const session = await this.sessions.findByHash(hashToken(token));
    const now = this.clock.now();
    if (!session || session.revoked_at !== null || session.expires_at <= now) throw appError('unauthorized');
    if (now - session.last_seen_at >= SLIDE_EVERY_MS) await this.sessions.extend(session.id, now, now + TTL_MS);
    return { sessionId: session.id, agentId: session.agent_id };
  }

  async revoke(sessionId: number): Promise<void> {
    await this.sessions.revoke(sessionId, this.clock.now());
  }
}
