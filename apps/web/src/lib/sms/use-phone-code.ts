/**
 * Phone and SMS-code fields with their rules — digits only, checked on blur, errors that follow the typing —
 * and the get-code button's 60 s countdown. Shared by the login modal and the apply form.
 */
import {
  authApi,
  digitsOnly,
  PHONE_LENGTH,
  SMS_CODE_LENGTH,
  validatePhone,
  validateSmsCode,
  type SmsType,
} from '@cc/contracts';
import { useState } from 'react';
import { call } from '../api-client';
import { resendKey } from './resend-timers';
import { useCodeSender } from './use-code-sender';

/** `initialPhone` prefills a phone already known (the logged-in creator's, on the apply form). */
export function usePhoneCode(smsType: SmsType, initialPhone = '') {
  const [phone, setPhone] = useState(initialPhone);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const sender = useCodeSender(resendKey(smsType, phone), () =>
    call(authApi.sendCode, { body: { phone, type: smsType } }),
  );

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

  /** A code is sent only for a valid phone, and not again before the countdown ends. */
  async function requestCode() {
    const error = validatePhone(phone);
    setPhoneError(error);
    if (!error) await sender.requestCode();
  }

  /** Shows both fields' errors; true when both are valid. */
  function validate(): boolean {
    const errors = { phone: validatePhone(phone), code: validateSmsCode(code) };
    setPhoneError(errors.phone);
    setCodeError(errors.code);
    return !errors.phone && !errors.code;
  }

  /** Forgets the shown errors (a closed form reopens clean); the typed values stay for the next try. */
  function clearErrors() {
    setPhoneError(null);
    setCodeError(null);
  }

  return {
    phone,
    phoneError,
    clearErrors,
    changePhone,
    checkPhone: () => setPhoneError(validatePhone(phone)),
    code,
    codeError,
    changeCode,
    checkCode: () => setCodeError(validateSmsCode(code)),
    valid: validatePhone(phone) === null && validateSmsCode(code) === null,
    validate,
    resendIn: sender.resendIn,
    sendingCode: sender.sendingCode,
    requestCode,
  };
}
