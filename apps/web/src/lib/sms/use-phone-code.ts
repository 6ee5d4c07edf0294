/**
 * Phone and SMS-code fields with the rules of spec §5 — digits only, checked on blur, errors that follow the typing —
 * and the get-code button's 60 s countdown (spec §4). Shared by the login modal and the apply form.
 */
import { Message } from '@arco-design/web-react';
import {
  digitsOnly,
  PHONE_LENGTH,
  SMS_CODE_LENGTH,
  SMS_RESEND_SECONDS,
  validatePhone,
  validateSmsCode,
  type SmsType,
} from '@cc/contracts';
import { useState } from 'react';
import { text } from '../../locales/zh-CN';
import { isSuccess } from '../api-error';
import { useCountdown } from '../use-countdown';
import { useSendCode } from './send-code';

export function usePhoneCode(smsType: SmsType) {
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const resend = useCountdown();
  const sendCode = useSendCode();

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

  /** A code is sent only for a valid phone (spec §5), and not again before the countdown ends. */
  async function requestCode() {
    const error = validatePhone(phone);
    setPhoneError(error);
    if (error || resend.remaining > 0 || sendCode.isPending) return;
    const result = await sendCode.mutateAsync({ phone, type: smsType });
    if (isSuccess(result)) {
      resend.start(SMS_RESEND_SECONDS);
      Message.success(text.auth.codeSent);
    } else {
      Message.error(result.msg || text.auth.sendCodeFailed);
    }
  }

  /** Shows both fields' errors; true when both are valid. */
  function validate(): boolean {
    const errors = { phone: validatePhone(phone), code: validateSmsCode(code) };
    setPhoneError(errors.phone);
    setCodeError(errors.code);
    return !errors.phone && !errors.code;
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
    valid: validatePhone(phone) === null && validateSmsCode(code) === null,
    validate,
    resendIn: resend.remaining,
    sendingCode: sendCode.isPending,
    requestCode,
  };
}
