/**
 * An SMS code sent to the logged-in creator's own phone (`send_code_by_id`): digits-only input checked on blur, the
 * 60 s resend countdown (spec §4, §5). Used wherever money or identity is confirmed: wallet pay, payee, contract, withdrawal.
 */
import { digitsOnly, SMS_CODE_LENGTH, validateSmsCode, type SmsType } from '@cc/contracts';
import { useState } from 'react';
import { sendCodeById } from './send-code-by-id';
import { useCodeSender } from './use-code-sender';

export function useOwnPhoneCode(smsType: SmsType) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const sender = useCodeSender(() => sendCodeById(smsType));

  function changeCode(value: string) {
    const next = digitsOnly(value, SMS_CODE_LENGTH);
    setCode(next);
    // Once shown, the error follows the typing and disappears as soon as the code is right.
    if (codeError) setCodeError(validateSmsCode(next));
  }

  /** Shows the code's error; true when it is valid. */
  function validate(): boolean {
    const error = validateSmsCode(code);
    setCodeError(error);
    return error === null;
  }

  return {
    code,
    codeError,
    changeCode,
    checkCode: () => setCodeError(validateSmsCode(code)),
    valid: validateSmsCode(code) === null,
    validate,
    ...sender,
  };
}
