/** SMS codes and the money sessions they open. */
import { defineModule } from '../../compose/module.js';
import { MoneySessionRepository } from './money-session.repository.js';
import { MoneySessionService } from './money-session.service.js';
import { SmsCodeRepository } from './sms-code.repository.js';
import { SmsCodeService } from './sms-code.service.js';

export const verificationModule = defineModule()('verification', ({ database, smsDriver, clock, config, log }) => {
  const smsCodes = new SmsCodeService(database, new SmsCodeRepository(), smsDriver, clock, {
    secret: config.appSecret,
    perIpPerHour: config.rateLimit.smsPerIpPerHour,
    perIpPerDay: config.rateLimit.smsPerIpPerDay,
    log,
  });
  const moneySessions = new MoneySessionService(database, new MoneySessionRepository(), smsCodes, clock);
  return { smsCodes, moneySessions };
});
