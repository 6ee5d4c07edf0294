/**
 * QR login (`login/create_qr`, `login/check_qr`). A desktop browser creates a QR that lives two
 * minutes and receives a secret in an HttpOnly cookie; a phone where the creator is logged in opens the QR's address,
 * which marks it scanned, and confirms (or cancels). The desktop polls; once confirmed, the first poll that presents
 * the secret receives a new session token for the confirming creator — never a poll without the secret, never twice.
 */
import { QR_LOGIN_TTL_SECONDS, type CheckQrResponse, type QrInfoResponse, type QrLoginStatus } from '@cc/contracts';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { appError } from '../../errors.js';
import type { RequestMeta } from './auth.service.js';
import type { QrLoginRepository } from './qr-login.repository.js';
import type { SessionService } from './session.service.js';
import { hashToken } from './token.js';

const TTL_MS = QR_LOGIN_TTL_SECONDS * 1000;
/** A confirmed login may still be collected this long after the QR itself expired (the last poll in flight). */
const COLLECT_GRACE_MS = 30_000;
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;

export interface CreatedQr {
  qr_id: string;
  qr_url: string;
  expires_at: string;
  /** Goes to the creating browser only (cookie), never into the QR. */
  secret: string;
}

type Row = NonNullable<Awaited<ReturnType<QrLoginRepository['find']>>>;

function statusOf(row: Row, now: number): QrLoginStatus {
  if (row.status === 'confirmed') return now < row.expires_at + COLLECT_GRACE_MS ? 'confirmed' : 'expired';
  if (row.status === 'cancelled') return 'cancelled';
  return now < row.expires_at ? row.status : 'expired';
}

function sameSecret(secret: string, hash: string): boolean {
  const given = Buffer.from(hashToken(secret), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** 'Chrome · Windows' from a user agent: enough for a creator to recognise their own computer. */
export function describeDevice(userAgent: string): string {
  const browsers: [RegExp, string][] = [
    [/MicroMessenger/i, '微信'],
    [/Edg\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/Chrome\/|Chromium\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const systems: [RegExp, string][] = [
    [/Windows/, 'Windows'],
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Android/, 'Android'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? '未知浏览器';
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} · ${system}` : browser;
}

/** 203.0.113.7 → 203.0.*.*; an IPv6 address keeps its first two groups. */
export function maskIp(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.\d+\.\d+$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.*.*`;
  const groups = ip.split(':').filter(Boolean);
  return groups.length >= 2 ? `${groups[0]}:${groups[1]}:*` : '*';
}

export class QrLoginService {
  constructor(
    private readonly qrs: QrLoginRepository,
    private readonly sessions: SessionService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `origin` is this product's public address (`PublicOrigin`): the QR's page lives there. */
  async create(meta: RequestMeta, origin: string): Promise<CreatedQr> {
    const now = this.clock.now();
    const id = randomBytes(18).toString('base64url');
    const secret = randomBytes(32).toString('base64url');
    await this.qrs.prune(now - PRUNE_AFTER_MS);
    await this.qrs.insert({
      id,
      secret_hash: hashToken(secret),
      status: 'waiting',
      agent_id: null,
      requester_ip: meta.ip.slice(0, 64),
      requester_agent: meta.userAgent.slice(0, 300),
      created_at: now,
      expires_at: now + TTL_MS,
      scanned_at: null,
      confirmed_at: null,
      consumed_at: null,
    });
    return {
      qr_id: id,
      qr_url: `${origin}/qr-login?id=${id}`,
      expires_at: new Date(now + TTL_MS).toISOString(),
      secret,
    };
  }

  /** The desktop's poll: the status, and the token the first time a confirmed login is collected by its creator. */
  async check(id: string, secret: string | null, meta: RequestMeta): Promise<CheckQrResponse> {
    const row = await this.qrs.find(id);
    if (!row) throw appError('qrLoginNotFound');
    if (!secret || !sameSecret(secret, row.secret_hash)) throw appError('qrLoginForeign');
    if (row.consumed_at !== null) throw appError('qrLoginUsed');
    const now = this.clock.now();
    const status = statusOf(row, now);
    const expires_at = new Date(row.expires_at).toISOString();
    if (status !== 'confirmed') return { status, expires_at };
    if (!(await this.qrs.consume(id, now))) throw appError('qrLoginUsed');
    const accessToken = await this.sessions.issue(row.agent_id!, meta);
    this.log.info({ agentId: row.agent_id, qrId: id }, 'agent logged in by QR');
    return { status, expires_at, access_token: accessToken };
  }

  /** The phone opened the QR's page: it is now this creator's to confirm; tells the phone what it is allowing. */
  async scan(id: string, agentId: number): Promise<QrInfoResponse> {
    const now = this.clock.now();
    const row = await this.requireOpen(id, agentId, await this.qrs.scan(id, agentId, now), now);
    return {
      status: statusOf(row, now),
      expires_at: new Date(row.expires_at).toISOString(),
      device: describeDevice(row.requester_agent),
      ip: maskIp(row.requester_ip),
    };
  }

  async confirm(id: string, agentId: number): Promise<void> {
    const now = this.clock.now();
    await this.requireOpen(id, agentId, await this.qrs.decide(id, agentId, 'confirmed', now), now);
  }

  async cancel(id: string, agentId: number): Promise<void> {
    const now = this.clock.now();
    await this.requireOpen(id, agentId, await this.qrs.decide(id, agentId, 'cancelled', now), now);
  }

  /** After a conditional update: the row when it took, else the reason it could not. */
  private async requireOpen(id: string, agentId: number, changed: boolean, now: number): Promise<Row> {
    const row = await this.qrs.find(id);
    if (!row) throw appError('qrLoginNotFound');
    if (changed) return row;
    if (row.agent_id !== null && row.agent_id !== agentId) throw appError('qrLoginUsed');
    if (statusOf(row, now) === 'expired') throw appError('qrLoginExpired');
    throw appError('qrLoginUsed');
  }
}
