/**
 * Operator accounts and who is calling the operator API: passwords (scrypt), TOTP with single-use steps, recovery
 * codes, the lock after repeated failures, sessions with idle and absolute expiry, API keys, and `OPERATOR_TOKEN` as
 * an administrator's key. Each write an operator makes is recorded in the audit log (`recordAudit`).
 */
import {
  OPERATOR_LOCK_AFTER_FAILURES,
  OPERATOR_LOCK_MINUTES,
  OPERATOR_RECOVERY_CODE_COUNT,
  type AuditExportQuery,
  type AuditQuery,
  type OperatorRole,
} from '@cc/contracts';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { DataCipher } from '../../data-cipher.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { appError } from '../../errors.js';
import { generateToken, hashToken } from '../auth/token.js';
import { hashPassword, verifyPassword } from './password.js';
import type { AuditFilter, OperatorRepository } from './operator.repository.js';
import { generateTotpSecret, matchTotp, otpauthUrl } from './totp.js';

/** A session ends after this long unused, and in any case this long after login. */
export const OPERATOR_IDLE_MS = 30 * 60 * 1000;
export const OPERATOR_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
const SLIDE_EVERY_MS = 60 * 1000;
const LOCK_MS = OPERATOR_LOCK_MINUTES * 60 * 1000;
const API_KEY_PREFIX = 'ccops_';
const ISSUER = '创作者中心运营后台';

/** Who is calling: an operator's session, an API key, or the configured operator token (an administrator's key). */
export interface OperatorPrincipal {
  operatorId: number | null;
  apiKeyId: number | null;
  sessionId: number | null;
  role: OperatorRole;
  /** How the audit log names the caller: `operator:3`, `api-key:2` or `operator-token`. */
  actor: string;
}

export interface AuditRecord {
  principal: OperatorPrincipal;
  action: string;
  objectType: string | null;
  objectId: string | null;
  before?: unknown;
  after?: unknown;
  ip: string;
  userAgent: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const recoveryCode = () => {
  const pick = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
};
const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export class OperatorService {
  private readonly tokenDigest: Buffer | null;
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly repo: OperatorRepository,
    private readonly cipher: DataCipher,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    operatorToken: string | null,
  ) {
    this.tokenDigest = operatorToken ? createHash('sha256').update(operatorToken).digest() : null;
  }

  async create(input: { username: string; password: string; role: OperatorRole }, createdBy: string) {
    const secret = generateTotpSecret();
    const codes = Array.from({ length: OPERATOR_RECOVERY_CODE_COUNT }, recoveryCode);
    try {
      const id = await this.repo.insertOperator(
        {
          username: input.username,
          password_hash: await hashPassword(input.password),
          role: input.role,
          totp_secret: this.cipher.encrypt(secret),
          created_by: createdBy,
        },
        codes.map(sha256),
        this.clock.now(),
      );
      return {
        id,
        totp_secret: secret,
        otpauth_url: otpauthUrl(ISSUER, input.username, secret),
        recovery_codes: codes,
      };
    } catch (error) {
      if (isUniqueViolation(error)) throw appError('operatorUsernameTaken');
      throw error;
    }
  }

  list() {
    return this.repo.listOperators();
  }

  async get(id: number) {
    const row = await this.repo.findOperator(id);
    if (!row) throw appError('operatorNotFound');
    return row;
  }

  /** Disables an account and ends every one of its sessions at once. */
  async disable(id: number) {
    await this.get(id);
    await this.repo.disableOperator(id, this.clock.now());
    return this.get(id);
  }

  /**
   * Checks the password, then a TOTP code (a step newer than the last one used) or an unused recovery code; each
   * failure counts, and the account locks for a while after too many in a row. Issues a session on success.
   */
  async login(
    input: { username: string; password: string; totp: string },
    meta: { ip: string; userAgent: string },
  ): Promise<{ token: string; expiresAt: number; operatorId: number }> {
    const row = await this.repo.findOperatorByUsername(input.username);
    if (!row) {
      this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await verifyPassword(input.password, await this.dummyHash);
      throw appError('operatorLoginFailed');
    }
    const now = this.clock.now();
    if (row.locked_until !== null && row.locked_until > now) throw appError('operatorLocked');
    if (!(await verifyPassword(input.password, row.password_hash))) {
      await this.fail(row.id, meta);
      throw appError('operatorLoginFailed');
    }
    if (!(await this.spendSecondFactor(row.id, row.totp_secret, row.totp_last_step, input.totp, now))) {
      await this.fail(row.id, meta);
      throw appError('operatorTotpInvalid');
    }
    if (row.disabled_at !== null) throw appError('operatorDisabled');
    await this.repo.recordLogin(row.id, now);
    const token = generateToken();
    const absolute = now + OPERATOR_ABSOLUTE_MS;
    await this.repo.insertSession({
      operator_id: row.id,
      token_hash: hashToken(token),
      ip: meta.ip,
      user_agent: meta.userAgent.slice(0, 512),
      created_at: now,
      idle_expires_at: Math.min(now + OPERATOR_IDLE_MS, absolute),
      absolute_expires_at: absolute,
    });
    await this.recordAudit({
      principal: { operatorId: row.id, apiKeyId: null, sessionId: null, role: row.role, actor: `operator:${row.id}` },
      action: 'POST /ops/v1/auth/login',
      objectType: 'auth',
      objectId: String(row.id),
      ...meta,
    });
    return { token, expiresAt: absolute, operatorId: row.id };
  }

  private async spendSecondFactor(
    id: number,
    sealedSecret: string,
    lastStep: number | null,
    code: string,
    now: number,
  ): Promise<boolean> {
    if (/^\d{6}$/.test(code)) {
      const step = matchTotp(this.cipher.decrypt(sealedSecret), code, now, lastStep);
      return step !== null && (await this.repo.spendTotpStep(id, step));
    }
    return this.repo.spendRecoveryCode(id, sha256(code), now);
  }

  private async fail(id: number, meta: { ip: string; userAgent: string }): Promise<void> {
    const failures = await this.repo.countFailure(id);
    if (failures < OPERATOR_LOCK_AFTER_FAILURES) return;
    const until = this.clock.now() + LOCK_MS;
    await this.repo.lock(id, until);
    this.log.warn({ operatorId: id, failures }, 'operator account locked after repeated login failures');
    const principal = { operatorId: id, apiKeyId: null, sessionId: null, role: 'support', actor: `operator:${id}` };
    const row = await this.repo.findOperator(id);
    await this.recordAudit({
      principal: { ...principal, role: row?.role ?? 'support' },
      action: 'operator.locked',
      objectType: 'operators',
      objectId: String(id),
      after: { locked_until: new Date(until).toISOString(), failures },
      ...meta,
    });
  }

  async logout(principal: OperatorPrincipal, everywhere: boolean): Promise<void> {
    const now = this.clock.now();
    if (everywhere && principal.operatorId !== null) {
      await this.repo.revokeSessions({ operatorId: principal.operatorId }, now);
    } else if (principal.sessionId !== null) {
      await this.repo.revokeSessions({ sessionId: principal.sessionId }, now);
    }
  }

  /** The caller a bearer token stands for, or null when it is none of an operator's (unknown, revoked or expired). */
  async resolve(token: string): Promise<OperatorPrincipal | null> {
    if (this.tokenDigest && timingSafeEqual(createHash('sha256').update(token).digest(), this.tokenDigest)) {
      return { operatorId: null, apiKeyId: null, sessionId: null, role: 'admin', actor: 'operator-token' };
    }
    const now = this.clock.now();
    if (token.startsWith(API_KEY_PREFIX)) {
      const key = await this.repo.findApiKeyByHash(hashToken(token));
      if (!key || key.revoked_at !== null) return null;
      await this.repo.markApiKeyUsed(key.id, now);
      return { operatorId: null, apiKeyId: key.id, sessionId: null, role: key.role, actor: `api-key:${key.id}` };
    }
    const session = await this.repo.findSessionByHash(hashToken(token));
    if (!session || session.revoked_at !== null || session.disabled_at !== null) return null;
    if (session.idle_expires_at <= now || session.absolute_expires_at <= now) return null;
    if (now - session.last_seen_at >= SLIDE_EVERY_MS) {
      await this.repo.touchSession(session.id, now, Math.min(now + OPERATOR_IDLE_MS, session.absolute_expires_at));
    }
    return {
      operatorId: session.operator_id,
      apiKeyId: null,
      sessionId: session.id,
      role: session.role,
      actor: `operator:${session.operator_id}`,
    };
  }

  /** A new key: shown this once, stored only as its hash. */
  async createApiKey(input: { name: string; role: OperatorRole }, createdBy: string) {
    const key = `${API_KEY_PREFIX}${generateToken()}`;
    const id = await this.repo.insertApiKey({
      name: input.name,
      role: input.role,
      key_hash: hashToken(key),
      prefix: key.slice(0, API_KEY_PREFIX.length + 4),
      created_by: createdBy,
      created_at: this.clock.now(),
    });
    return { ...(await this.getApiKey(id)), key };
  }

  listApiKeys() {
    return this.repo.listApiKeys();
  }

  async getApiKey(id: number) {
    const row = await this.repo.findApiKey(id);
    if (!row) throw appError('apiKeyNotFound');
    return row;
  }

  async revokeApiKey(id: number) {
    await this.getApiKey(id);
    await this.repo.revokeApiKey(id, this.clock.now());
    return this.getApiKey(id);
  }

  async recordAudit(record: AuditRecord): Promise<void> {
    await this.repo.insertAudit({
      operator_id: record.principal.operatorId,
      api_key_id: record.principal.apiKeyId,
      actor: record.principal.actor,
      role: record.principal.role,
      action: record.action.slice(0, 200),
      object_type: record.objectType,
      object_id: record.objectId?.slice(0, 64) ?? null,
      before_json: json(record.before),
      after_json: json(record.after),
      ip: record.ip.slice(0, 64),
      user_agent: record.userAgent.slice(0, 512),
      created_at: this.clock.now(),
    });
  }

  auditPage(query: AuditQuery, limit: number, offset: number) {
    return this.repo.auditPage(auditFilter(query), limit, offset);
  }

  /** The newest entries matching the filter, for the CSV export (at most `AUDIT_EXPORT_LIMIT`). */
  async auditRows(query: AuditExportQuery) {
    return (await this.repo.auditPage(auditFilter(query), AUDIT_EXPORT_LIMIT, 0)).rows;
  }
}

export const AUDIT_EXPORT_LIMIT = 10_000;

function auditFilter(query: AuditExportQuery): AuditFilter {
  return {
    operator_id: query.operator_id,
    api_key_id: query.api_key_id,
    action: query.action,
    object_type: query.object_type,
    object_id: query.object_id,
    from: query.from === undefined ? undefined : Date.parse(query.from),
    to: query.to === undefined ? undefined : Date.parse(query.to),
  };
}
