/**
 * The wallet payment form (spec §5): a type-5 SMS code sent to the creator's own phone with the 60 s resend
 * countdown, a digits-only 6-digit code, and '确认支付' enabled only for a code without error.
 */
import { Message } from '@arco-design/web-react';
import {
  digitsOnly,
  SMS_CODE_LENGTH,
  SMS_RESEND_SECONDS,
  SmsType,
  validateSmsCode,
  type OrderState,
} from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { isSuccess } from '../../../lib/api-error';
import { sendCodeById } from '../../../lib/sms/send-code-by-id';
import { useCountdown } from '../../../lib/use-countdown';
import { text } from '../../../locales/zh-CN';
import { walletPay } from '../api/wallet-pay';

export function useWalletPayForm(orderNo: string, onPaid: (order: OrderState) => void) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const resend = useCountdown();
  const sendCode = useMutation({ mutationFn: () => sendCodeById(SmsType.Wallet) });
  const pay = useMutation({ mutationFn: (value: string) => walletPay(orderNo, value) });

  function changeCode(value: string) {
    const next = digitsOnly(value, SMS_CODE_LENGTH);
    setCode(next);
    setPayError(null);
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

  async function submit() {
    const error = validateSmsCode(code);
    setCodeError(error);
    if (error || pay.isPending) return;
    const result = await pay.mutateAsync(code);
    if (isSuccess(result)) {
      onPaid(result.body);
      return;
    }
    const message = result.msg || text.order.payFailed;
    setPayError(message);
    Message.error(message);
  }

  return {
    code,
    codeError,
    payError,
    changeCode,
    checkCode: () => setCodeError(validateSmsCode(code)),
    resendIn: resend.remaining,
    sendingCode: sendCode.isPending,
    requestCode,
    canSubmit: validateSmsCode(code) === null && !pay.isPending,
    paying: pay.isPending,
    submit,
  };
}
