/** SMS code and login calls of spec §7: send_code, send_code_by_id, verify, login, logout. */
import {
  loginRequestSchema,
  loginResponseSchema,
  sendCodeByIdRequestSchema,
  sendCodeRequestSchema,
  sendCodeResponseSchema,
  verifyCodeRequestSchema,
} from '@cc/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { identityOf } from '../../plugins/auth.js';
import { ok, okSchema } from '../../plugins/envelope.js';
import { vendorOf } from '../../plugins/vendor.js';
import type { UserService } from '../user/user.service.js';
import type { AuthService, RequestMeta } from './auth.service.js';
import type { SessionService } from './session.service.js';
import type { SmsCodeService } from './sms-code.service.js';

export interface AuthRoutesDeps {
  auth: AuthService;
  smsCodes: SmsCodeService;
  sessions: SessionService;
  users: UserService;
}

function metaOf(request: FastifyRequest): RequestMeta {
  return { vendor: vendorOf(request), ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

export function authRoutes({ auth, smsCodes, sessions, users }: AuthRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/agent/v1/user/send_code',
      { schema: { body: sendCodeRequestSchema, response: okSchema(sendCodeResponseSchema) } },
      async (request) =>
        ok(await smsCodes.send(request.body.phone, request.body.type, metaOf(request)), '验证码已发送'),
    );

    app.post(
      '/agent/v1/user/send_code_by_id',
      {
        onRequest: app.authenticate,
        schema: { body: sendCodeByIdRequestSchema, response: okSchema(sendCodeResponseSchema) },
      },
      async (request) => {
        const phone = await users.phoneOf(identityOf(request).agentId);
        return ok(await smsCodes.send(phone, request.body.type, metaOf(request)), '验证码已发送');
      },
    );

    // The phone is optional for a logged-in agent checking a code sent to their own phone (send_code_by_id).
    app.post(
      '/agent/v1/user/verify',
      { schema: { body: verifyCodeRequestSchema, response: okSchema(z.object({ verified: z.boolean() })) } },
      async (request) => {
        let phone = request.body.phone;
        if (!phone) {
          await app.authenticate(request);
          phone = await users.phoneOf(identityOf(request).agentId);
        }
        await smsCodes.verify(phone, request.body.type, request.body.code);
        return ok({ verified: true }, '验证成功');
      },
    );

    app.post(
      '/agent/v1/user/login',
      { schema: { body: loginRequestSchema, response: okSchema(loginResponseSchema) } },
      async (request) => ok(await auth.login(request.body, metaOf(request)), '登录成功'),
    );

    app.post(
      '/agent/v1/user/logout',
      { onRequest: app.authenticate, schema: { response: okSchema(z.null()) } },
      async (request) => {
        await sessions.revoke(identityOf(request).sessionId);
        return ok(null, '已退出登录');
      },
    );
  };
}
