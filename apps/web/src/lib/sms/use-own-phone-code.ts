/**
 * An SMS code sent to the logged-in creator's own phone (`send_code_by_id`): digits-only input checked on blur, the
 * resend countdown of its purpose. Used wherever money or identity is confirmed: wallet pay, payee,
 * contract, withdrawal. With `moneySession`, no code is needed while the money session is open (ADR 0026).
 */
import { authApi, digitsOnly, SMS_CODE_LENGTH, validateSmsCode, type SmsType } from '@cc/contracts';
import { useState } from 'react';
import { useUserInfo } from '../session/get-user-info';
import { useMoneySession } from './money-session';
import { call } from '../api-client';
import { resendKey } from './resend-timers';
import { useCodeSender } from './use-code-sender';

export function useOwnPhoneCode(smsType: SmsType, options: { moneySession?: boolean } = {}) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const ownPhone = useUserInfo().data?.phone ?? 'own';
  const sender = useCodeSender(resendKey(smsType, ownPhone), () =>
    call(authApi.sendCodeById, { body: { type: smsType } }),
  );
  const money = useMoneySession(options.moneySession === true);
  const codeNeeded = money.secondsLeft === 0;

  function changeCode(value: string) {
    const next = digitsOnly(value, SMS_CODE_LENGTH);
    setCode(next);
    // Once shown, the error follows the typing and disappears as soon as the code is right.
    if (codeError) setCodeError(validateSmsCode(next));
  }

  /** Shows the code's error; true when it is valid or not needed. */
  function validate(): boolean {
    if (!codeNeeded) return true;
    const error = validateSmsCode(code);
    setCodeError(error);
    return error === null;
  }

  return {
    code,
    /** What the request carries: the code, or nothing while the money session stands in for it. */
    codeToSend: codeNeeded ? code : undefined,
    codeNeeded,
    moneySessionLeft: money.secondsLeft,
    /** After a money action: the server may have opened the money session (or the action ended it). */
    refreshMoneySession: money.refresh,
    codeError,
    changeCode,
    checkCode: () => setCodeError(validateSmsCode(code)),
    valid: !codeNeeded || validateSmsCode(code) === null,
    validate,
    ...sender,
  };
}
