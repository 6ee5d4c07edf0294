/** SMS code and login calls: send_code, send_code_by_id, verify, login, logout; the money session. */
import { authApi, QR_LOGIN_TTL_SECONDS, type SmsType } from '@cc/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PublicOrigin } from '../../public-origin.js';
import { identityOf } from '../../plugins/auth.js';
import { route, Texted } from '../../plugins/endpoint-route.js';
import { vendorOf } from '../../plugins/vendor.js';
import type { UserService } from '../user/user.service.js';
import type { AuthService, RequestMeta } from './auth.service.js';
import type { QrLoginService } from './qr-login.service.js';
import type { SessionService } from './session.service.js';
import { moneyProofOf, type MoneySessionService } from '../verification/money-session.service.js';
import type { SmsCodeService } from '../verification/sms-code.service.js';

export interface AuthRoutesDeps {
  auth: AuthService;
  qrLogins: QrLoginService;
  smsCodes: SmsCodeService;
  moneySessions: MoneySessionService;
  /** Refuses a code whose action the creator cannot take yet (the agreement before a real name), before sending. */
  beforeSendingOwnCode: (agentId: number, type: SmsType) => Promise<void>;
  sessions: SessionService;
  users: UserService;
  publicOrigin: PublicOrigin;
}

function metaOf(request: FastifyRequest): RequestMeta {
  return { vendor: vendorOf(request), ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

/**
 * The QR secret's cookie, one per QR (two tabs may each show one): sent back only to the QR calls, unreadable by
 * scripts, gone a minute after the QR.
 */
const QR_COOKIE_PATH = '/agent/v1/user/login';
const qrCookieName = (qrId: string) => `cc_qr_${qrId}`;

function qrCookie(qrId: string, secret: string, https: boolean): string {
  const secure = https ? '; Secure' : '';
  return `${qrCookieName(qrId)}=${secret}; Path=${QR_COOKIE_PATH}; Max-Age=${QR_LOGIN_TTL_SECONDS + 60}; HttpOnly; SameSite=Strict${secure}`;
}

export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || null;
  }
  return null;
}

export function authRoutes({
  auth,
  qrLogins,
  smsCodes,
  moneySessions,
  beforeSendingOwnCode,
  sessions,
  users,
  publicOrigin,
}: AuthRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, authApi.sendCode, async (request) =>
      smsCodes.send(request.body.phone, request.body.type, metaOf(request)),
    );

    route(app, authApi.sendCodeById, async (request) => {
      const { agentId } = identityOf(request);
      await beforeSendingOwnCode(agentId, request.body.type);
      const phone = await users.phoneOf(agentId);
      return smsCodes.send(phone, request.body.type, metaOf(request));
    });

    // Whether this login on this device may leave the code out of its next money action (ADR 0026).
    route(app, authApi.moneySession, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return moneySessions.status(identityOf(request).agentId, moneyProofOf(request));
    });

    // The phone is optional for a logged-in agent checking a code sent to their own phone (send_code_by_id).
    route(app, authApi.verify, async (request) => {
      let phone = request.body.phone;
      if (!phone) {
        await app.authenticate(request);
        phone = await users.phoneOf(identityOf(request).agentId);
      }
      await smsCodes.verify(phone, request.body.type, request.body.code);
      return { verified: true };
    });

    route(app, authApi.login, async (request) => auth.login(request.body, metaOf(request)));

    route(app, authApi.createQr, async (request, reply) => {
      const { secret, ...qr } = await qrLogins.create(metaOf(request), publicOrigin.of(request));
      // Secure whenever the address is https, also where TLS ends at a proxy and this request came over http.
      reply.header('set-cookie', qrCookie(qr.qr_id, secret, publicOrigin.isHttps(request)));
      reply.header('cache-control', 'no-store');
      return qr;
    });

    route(app, authApi.checkQr, async (request, reply) => {
      const secret = cookieValue(request.headers.cookie, qrCookieName(request.body.qr_id));
      const result = await qrLogins.check(request.body.qr_id, secret, metaOf(request));
      reply.header('cache-control', 'no-store');
      return new Texted(result, result.access_token ? '登录成功' : 'ok');
    });

    // The phone's side: opening the QR's page marks it scanned; then confirm or cancel, each with the phone's token.
    route(app, authApi.scanQr, async (request) => qrLogins.scan(request.body.qr_id, identityOf(request).agentId));

    route(app, authApi.confirmQr, async (request) => {
      await qrLogins.confirm(request.body.qr_id, identityOf(request).agentId);
      return null;
    });

    route(app, authApi.cancelQr, async (request) => {
      await qrLogins.cancel(request.body.qr_id, identityOf(request).agentId);
      return null;
    });

    route(app, authApi.logout, async (request) => {
      await sessions.revoke(identityOf(request).sessionId);
      return null;
    });
  };
}
