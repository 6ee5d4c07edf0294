/** SMS codes, login by code or by QR, logout, and the money session (ADR 0026). */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { moneySessionSchema } from '../user/payee.schema.js';
import {
  checkQrResponseSchema,
  createQrResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  qrIdRequestSchema,
  qrInfoResponseSchema,
  sendCodeByIdRequestSchema,
  sendCodeRequestSchema,
  sendCodeResponseSchema,
  verifyCodeRequestSchema,
  verifyCodeResponseSchema,
} from './auth.schema.js';

const tag = '登录与验证码';

const smsBudgetErrors = [
  'smsPerMinute',
  'smsPerHour',
  'smsPerDay',
  'smsMoneyPerDay',
  'smsPerIp',
  'smsPerIpPerDay',
  'smsSendFailed',
] as const;

const sendCode = endpoint({
  method: 'POST',
  path: '/agent/v1/user/send_code',
  guard: 'anonymous',
  tag,
  summary: '向手机号发送短信验证码',
  description:
    '每种用途各有发送间隔和每小时、每天的次数上限，资金用途另有每天合计上限，同一网络也有上限；`resend_in` 秒后才能再发。',
  body: sendCodeRequestSchema,
  response: sendCodeResponseSchema,
  successText: '验证码已发送',
  errors: [...smsBudgetErrors],
});

const sendCodeById = endpoint({
  method: 'POST',
  path: '/agent/v1/user/send_code_by_id',
  guard: 'creator',
  tag,
  summary: '向登录者本人的手机号发送短信验证码',
  description: '签署协议的验证码（类型 6）需先完成实名（保存过银行卡或支付宝账户）；发送上限同 send_code。',
  body: sendCodeByIdRequestSchema,
  response: sendCodeResponseSchema,
  successText: '验证码已发送',
  errors: ['contractRealNameRequired', ...smsBudgetErrors],
});

const moneySession = endpoint({
  method: 'GET',
  path: '/agent/v1/user/money_session',
  guard: 'creator',
  tag,
  summary: '资金会话状态（是否可免验证码进行资金操作）',
  description: '资金会话绑定本次登录和设备（请求头 `x-device-id`），验证过资金验证码后 10 分钟内有效；不缓存。',
  response: moneySessionSchema,
});

const verify = endpoint({
  method: 'POST',
  path: '/agent/v1/user/verify',
  guard: 'anonymous',
  tag,
  summary: '校验短信验证码（不消耗）',
  description: '不带 `phone` 时校验发到登录者本人手机号的验证码，此时需要登录。',
  body: verifyCodeRequestSchema,
  response: verifyCodeResponseSchema,
  successText: '验证成功',
  errors: ['smsCodeInvalid', 'smsCodeBurned'],
});

const login = endpoint({
  method: 'POST',
  path: '/agent/v1/user/login',
  guard: 'anonymous',
  tag,
  summary: '手机号验证码登录（新手机号自动注册）',
  description: '新手机号注册时可带邀请码 `invite_code`，成为该邀请人的团队成员。',
  body: loginRequestSchema,
  response: loginResponseSchema,
  successText: '登录成功',
  errors: ['smsCodeInvalid', 'smsCodeBurned', 'inviteCodeUnknown'],
});

const createQr = endpoint({
  method: 'POST',
  path: '/agent/v1/user/login/create_qr',
  guard: 'anonymous',
  tag,
  summary: '生成扫码登录二维码（桌面端）',
  description:
    '二维码的密钥以 HttpOnly Cookie（路径 /agent/v1/user/login）返回，只有生成它的浏览器能领取登录结果；不缓存。',
  response: createQrResponseSchema,
});

const checkQr = endpoint({
  method: 'POST',
  path: '/agent/v1/user/login/check_qr',
  guard: 'anonymous',
  tag,
  summary: '轮询扫码登录状态（桌面端）',
  description: '手机确认后第一次轮询返回 `access_token`（提示“登录成功”），之后不再返回；须带生成二维码时的 Cookie。',
  body: qrIdRequestSchema,
  response: checkQrResponseSchema,
  errors: ['qrLoginNotFound', 'qrLoginForeign', 'qrLoginUsed'],
});

const scanQr = endpoint({
  method: 'POST',
  path: '/agent/v1/user/login/scan_qr',
  guard: 'creator',
  tag,
  summary: '手机扫码：标记已扫码并返回请求登录的设备',
  body: qrIdRequestSchema,
  response: qrInfoResponseSchema,
  errors: ['qrLoginNotFound', 'qrLoginExpired', 'qrLoginUsed'],
});

const confirmQr = endpoint({
  method: 'POST',
  path: '/agent/v1/user/login/confirm_qr',
  guard: 'creator',
  tag,
  summary: '手机确认扫码登录',
  body: qrIdRequestSchema,
  response: z.null(),
  successText: '已确认登录',
  errors: ['qrLoginNotFound', 'qrLoginExpired', 'qrLoginUsed'],
});

const cancelQr = endpoint({
  method: 'POST',
  path: '/agent/v1/user/login/cancel_qr',
  guard: 'creator',
  tag,
  summary: '手机取消扫码登录',
  body: qrIdRequestSchema,
  response: z.null(),
  successText: '已取消登录',
  errors: ['qrLoginNotFound', 'qrLoginExpired', 'qrLoginUsed'],
});

const logout = endpoint({
  method: 'POST',
  path: '/agent/v1/user/logout',
  guard: 'creator',
  tag,
  summary: '退出登录（吊销本次登录的令牌）',
  response: z.null(),
  successText: '已退出登录',
});

export const authApi = {
  sendCode,
  sendCodeById,
  moneySession,
  verify,
  login,
  createQr,
  checkQr,
  scanQr,
  confirmQr,
  cancelQr,
  logout,
} as const;
