/** Logging in (SMS code, QR from a logged-in phone), sessions and their revocation across processes. */
import { SmsType } from '@cc/contracts';
import type { ContractService } from '../user/contract.service.js';
import type { UserService } from '../user/user.service.js';
import type { MoneySessionService } from '../verification/money-session.service.js';
import type { SmsCodeService } from '../verification/sms-code.service.js';
import { defineModule } from '../../compose/module.js';
import { PublicOrigin } from '../../public-origin.js';
import { AuthService } from './auth.service.js';
import { authRoutes } from './auth.routes.js';
import { QrLoginRepository } from './qr-login.repository.js';
import { QrLoginService } from './qr-login.service.js';
import { IdentityCache, localRevocations, RedisSessionRevocations } from './session-cache.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';

export const authModule = defineModule<{
  users: UserService;
  contracts: ContractService;
  smsCodes: SmsCodeService;
  moneySessions: MoneySessionService;
}>()(
  'auth',
  ({ database, clock, config, redis, log, lifecycle, users, smsCodes }) => {
    // A logout reaches the identity caches of every API process through Redis when there is one.
    const sessions = new SessionService(
      new SessionRepository(database.db),
      clock,
      new IdentityCache(),
      redis && config.redis
        ? new RedisSessionRevocations(redis, config.redis.prefix, (error) =>
            log.warn({ err: error }, 'session revocation channel error'),
          )
        : localRevocations,
    );
    lifecycle.onReady(() => sessions.start());
    lifecycle.onClose(() => sessions.close());
    return {
      sessions,
      auth: new AuthService(database, users, smsCodes, sessions, clock, log),
      qrLogins: new QrLoginService(new QrLoginRepository(database.db), sessions, clock, log),
    };
  },
  {
    routes: (app, { auth, qrLogins, smsCodes, moneySessions, contracts, sessions, users, config }) =>
      app.register(
        authRoutes({
          auth,
          qrLogins,
          smsCodes,
          moneySessions,
          beforeSendingOwnCode: (agentId, type) =>
            type === SmsType.Contract ? contracts.requireRealName(agentId) : Promise.resolve(),
          sessions,
          users,
          publicOrigin: new PublicOrigin(config),
        }),
      ),
  },
);
