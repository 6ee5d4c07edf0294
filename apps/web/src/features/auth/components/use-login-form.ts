/** State and rules of the login form: digits-only fields checked on blur, the SMS code, the submit. */
import { Message } from '@arco-design/web-react';
import { ErrorCode, INVITE_CODE_MAX_LENGTH, SmsType } from '@cc/contracts';
import { useState } from 'react';
import { isSuccess } from '../../../lib/api-error';
import { forgetInviteCode, type Referral } from '../../../lib/referral';
import { usePhoneCode } from '../../../lib/sms/use-phone-code';
import { text } from '../../../locales/zh-CN';
import { useLogin } from '../api/login';
import { completeLogin } from './complete-login';

interface LoginFormOptions {
  /** An invite code from the address: sent as is, and the field is read-only. */
  lockedInviteCode: string | null;
  channelFrom: string | null;
  /** The landing flow's extra fields, or null outside it. */
  landing: Referral['landing'];
  redirect: string | null;
}

export function useLoginForm({ lockedInviteCode, channelFrom, landing, redirect }: LoginFormOptions) {
  const fields = usePhoneCode(SmsType.Login);
  const [typedInviteCode, setTypedInviteCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const login = useLogin();
  const [completing, setCompleting] = useState(false);
  // The address's code the server refused: the field opens so it can be corrected or cleared.
  const [refusedCode, setRefusedCode] = useState<string | null>(null);
  const locked = lockedInviteCode !== null && refusedCode !== lockedInviteCode;

  const inviteCode = locked ? lockedInviteCode : typedInviteCode;
  const canSubmit = fields.valid && agreed;

  function changeInviteCode(value: string) {
    setTypedInviteCode(value.replace(/[^A-Za-z0-9]/g, '').slice(0, INVITE_CODE_MAX_LENGTH));
  }

  async function submit() {
    const fieldsValid = fields.validate();
    if (!agreed) Message.warning(text.auth.termsRequired);
    if (!fieldsValid || !agreed || login.isPending || completing) return;
    try {
      const result = await login.mutateAsync({
        phone: fields.phone,
        code: fields.code,
        invite_code: inviteCode || undefined,
        channel_from: channelFrom ?? undefined,
        ...(landing && { source: landing.source, cq: landing.cq }),
      });
      if (!isSuccess(result)) {
        if (result.code === ErrorCode.inviteCodeUnknown && locked) {
          setRefusedCode(lockedInviteCode);
          setTypedInviteCode('');
          forgetInviteCode();
          Message.warning(text.auth.inviteRefused);
          return;
        }
        Message.error(result.msg || text.auth.loginError);
        return;
      }
      setCompleting(true);
      await completeLogin(result.body.access_token, result.body.is_new, redirect);
    } catch {
      Message.error(text.auth.loginError);
    } finally {
      setCompleting(false);
    }
  }

  return {
    ...fields,
    inviteCode,
    inviteCodeLocked: locked,
    inviteCodeRefused: refusedCode !== null && !locked ? refusedCode : null,
    changeInviteCode,
    agreed,
    setAgreed,
    canSubmit,
    submitting: login.isPending || completing,
    submit,
  };
}
