/**
 * An SMS code sent to the logged-in creator's own phone (`send_code_by_id`): digits-only input checked on blur, the
 * 60 s resend countdown (spec §4, §5). Used wherever money or identity is confirmed: wallet pay, payee, contract, withdrawal.
 */
import { Message } from '@arco-design/web-react';
import { digitsOnly, SMS_CODE_LENGTH, SMS_RESEND_SECONDS, validateSmsCode, type SmsType } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { text } from '../../locales/zh-CN';
import { isSuccess } from '../api-error';
import { useCountdown } from '../use-countdown';
import { sendCodeById } from './send-code-by-id';

export function useOwnPhoneCode(smsType: SmsType) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const resend = useCountdown();
  const sendCode = useMutation({ mutationFn: () => sendCodeById(smsType) });

  function changeCode(value: string) {
    const next = digitsOnly(value, SMS_CODE_LENGTH);
    setCode(next);
    // Once shown, the error follows the typing and disappears as soon as the code is right.
    if (codeError) setCodeError(validateSmsCode(next));
  }

  async function requestCode() {
    if (resend.remaining > 0 || sendCode.isPending) return;
    const result = await sendCode.mutateAsync();
    if (isSuccess(result)) {
      resend.start(SMS_RESEND_SECONDS);
      Message.success(text.auth.codeSent);
    } else {
      Message.error(result.msg || text.auth.sendCodeFailed);
    }
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
    resendIn: resend.remaining,
    sendingCode: sendCode.isPending,
    requestCode,
  };
}
