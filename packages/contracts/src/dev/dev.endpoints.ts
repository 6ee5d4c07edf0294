/**
 * Development-only routes (`/dev`): never registered in production, loopback callers only unless DEV_ROUTES_PUBLIC
 * opens them. The SMS outbox of the console driver, where tests and local runs read the codes they were sent.
 */
import { endpoint } from '../endpoint.js';
import { smsOutboxQuerySchema, smsOutboxSchema } from './dev.schema.js';

const tag = '开发环境';

const smsOutbox = endpoint({
  method: 'GET',
  path: '/dev/sms/outbox',
  guard: 'local',
  tag,
  summary: '开发环境短信发件箱（某个手机号收到的验证码）',
  description: '仅开发环境（控制台短信驱动）注册，只回答本机请求；一次只查一个手机号。',
  query: smsOutboxQuerySchema,
  response: smsOutboxSchema,
});

export const devApi = { smsOutbox } as const;
