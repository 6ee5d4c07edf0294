/** Texts of the login modal (spec §2, §5, §8). */
import { ClientMessages, ValidationMessages } from '@cc/contracts';

export const auth = {
  title: '欢迎来到创作者平台',
  phonePrefix: '+86',
  phonePlaceholder: '请输入手机号',
  codePlaceholder: '请输入验证码',
  invitePlaceholder: '邀请码（非必填）',
  inviteRefused: '邀请码不存在，已为您清空，可填写正确的邀请码或直接登录',
  inviteRefusedHint: '邀请码「{code}」不存在：可填写正确的邀请码，或留空直接登录',
  getCode: '获取验证码',
  resendIn: '{n}s后重新发送',
  codeSent: '验证码已发送，请注意查收',
  sendCodeFailed: ClientMessages.sendCodeFailed,
  termsPrefix: '我已阅读并同意',
  userAgreement: '《用户协议》',
  termsJoin: '和',
  privacyAgreement: '《隐私协议》',
  termsRequired: ValidationMessages.termsRequired,
  submit: '登录/注册',
  loginSuccess: ClientMessages.loginSuccess,
  loginError: ClientMessages.loginError,
} as const;
