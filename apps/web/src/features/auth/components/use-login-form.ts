/** State and rules of the login form (spec §4, §5): digits-only fields checked on blur, the SMS code, the submit. */
import { Message } from '@arco-design/web-react';
import {
  digitsOnly,
  INVITE_CODE_MAX_LENGTH,
  PHONE_LENGTH,
  SMS_CODE_LENGTH,
  SMS_RESEND_SECONDS,
  SmsType,
  validatePhone,
  validateSmsCode,
} from '@cc/contracts';
import { useState } from 'react';
import { isSuccess } from '../../../lib/api-error';
import { navigateTo } from '../../../lib/navigation';
import { refreshUserInfo } from '../../../lib/session/get-user-info';
import { closeLoginModal, emitLoginSuccess } from '../../../lib/session/login-modal';
import { setToken } from '../../../lib/session/token';
import { useCountdown } from '../../../lib/use-countdown';
import { text } from '../../../locales/zh-CN';
import { useLogin } from '../api/login';
import { useSendCode } from '../api/send-code';

interface LoginFormOptions {
  /** An invite code from the address: sent as is, and the field is read-only. */
  lockedInviteCode: string | null;
  channelFrom: string | null;
  redirect: string | null;
}

export function useLoginForm({ lockedInviteCode, channelFrom, redirect }: LoginFormOptions) {
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [typedInviteCode, setTypedInviteCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const resend = useCountdown();
  const sendCode = useSendCode();
  const login = useLogin();
  const [completing, setCompleting] = useState(false);

  const inviteCode = lockedInviteCode ?? typedInviteCode;
  const canSubmit = validatePhone(phone) === null && validateSmsCode(code) === null && agreed;

  // Once an error shows, it follows the typing, so it disappears as soon as the value is right.
  function changePhone(value: string) {
    const next = digitsOnly(value, PHONE_LENGTH);
    setPhone(next);
    if (phoneError) setPhoneError(validatePhone(next));
  }

  function changeCode(value: string) {
    const next = digitsOnly(value, SMS_CODE_LENGTH);
    setCode(next);
    if (codeError) setCodeError(validateSmsCode(next));
  }

  function changeInviteCode(value: string) {
    setTypedInviteCode(value.replace(/[^A-Za-z0-9]/g, '').slice(0, INVITE_CODE_MAX_LENGTH));
  }

  async function requestCode() {
    const error = validatePhone(phone);
    setPhoneError(error);
    if (error || resend.remaining > 0 || sendCode.isPending) return;
    const result = await sendCode.mutateAsync({ phone, type: SmsType.Login });
    if (isSuccess(result)) {
      resend.start(SMS_RESEND_SECONDS);
      Message.success(text.auth.codeSent);
    } else {
      Message.error(result.msg || text.auth.sendCodeFailed);
    }
  }

  async function completeLogin(accessToken: string, isNew: boolean) {
    setToken(accessToken);
    await refreshUserInfo();
    Message.success(text.auth.loginSuccess);
    closeLoginModal();
    emitLoginSuccess({ isNew });
    if (redirect) navigateTo(redirect);
  }

  async function submit() {
    const errors = { phone: validatePhone(phone), code: validateSmsCode(code) };
    setPhoneError(errors.phone);
    setCodeError(errors.code);
    if (!agreed) Message.warning(text.auth.termsRequired);
    if (errors.phone || errors.code || !agreed || login.isPending || completing) return;
    try {
      const result = await login.mutateAsync({
        phone,
        code,
        invite_code: inviteCode || undefined,
        channel_from: channelFrom ?? undefined,
      });
      if (!isSuccess(result)) {
        Message.error(result.msg || text.auth.loginError);
        return;
      }
      setCompleting(true);
      await completeLogin(result.body.access_token, result.body.is_new);
    } catch {
      Message.error(text.auth.loginError);
    } finally {
      setCompleting(false);
    }
  }

  return {
    phone,
    phoneError,
    changePhone,
    checkPhone: () => setPhoneError(validatePhone(phone)),
    code,
    codeError,
    changeCode,
    checkCode: () => setCodeError(validateSmsCode(code)),
    inviteCode,
    inviteCodeLocked: lockedInviteCode !== null,
    changeInviteCode,
    agreed,
    setAgreed,
    resendIn: resend.remaining,
    sendingCode: sendCode.isPending,
    requestCode,
    canSubmit,
    submitting: login.isPending || completing,
    submit,
  };
}
