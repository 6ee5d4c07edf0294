/**
 * The wallet payment form: a type-5 SMS code sent to the creator's own phone with the 60 s resend
 * countdown, a digits-only 6-digit code, and '确认支付' enabled only for a code without error — or no code while
 * the money session is open (ADR 0026).
 */
import { Message } from '@arco-design/web-react';
import { orderApi, SmsType, type OrderState } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { useOwnPhoneCode } from '../../../lib/sms/use-own-phone-code';
import { text } from '../../../locales/zh-CN';

export function useWalletPayForm(orderNo: string, onPaid: (order: OrderState) => void) {
  const sms = useOwnPhoneCode(SmsType.Wallet, { moneySession: true });
  const [payError, setPayError] = useState<string | null>(null);
  const pay = useMutation({
    mutationFn: (value: string | undefined) => call(orderApi.walletPay, { body: { order_no: orderNo, code: value } }),
  });

  function changeCode(value: string) {
    sms.changeCode(value);
    setPayError(null);
  }

  async function submit() {
    if (!sms.validate() || pay.isPending) return;
    const result = await pay.mutateAsync(sms.codeToSend);
    void sms.refreshMoneySession();
    if (isSuccess(result)) {
      onPaid(result.body);
      return;
    }
    const message = result.msg || text.order.payFailed;
    setPayError(message);
    Message.error(message);
  }

  return {
    code: sms.code,
    codeNeeded: sms.codeNeeded,
    moneySessionLeft: sms.moneySessionLeft,
    codeError: sms.codeError,
    payError,
    changeCode,
    checkCode: sms.checkCode,
    resendIn: sms.resendIn,
    sendingCode: sms.sendingCode,
    requestCode: sms.requestCode,
    canSubmit: sms.valid && !pay.isPending,
    paying: pay.isPending,
    submit,
  };
}
