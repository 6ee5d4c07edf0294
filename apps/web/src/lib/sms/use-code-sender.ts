/**
 * Sending an SMS code: one request at a time, then the countdown of its purpose and phone before it may be sent
 * again (each purpose its own).
 */
import { Message } from '@arco-design/web-react';
import type { SendCodeResponse } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { text } from '../../locales/zh-CN';
import type { ApiResult } from '../api-client';
import { isSuccess } from '../api-error';
import { holdResend, useResendIn, waitNamedIn, type ResendKey } from './resend-timers';

/** `key` names the countdown: the purpose and the phone the code goes to. */
export function useCodeSender(key: ResendKey, send: () => Promise<ApiResult<SendCodeResponse>>) {
  const resendIn = useResendIn(key);
  const sending = useMutation({ mutationFn: send });

  async function requestCode() {
    if (resendIn > 0 || sending.isPending) return;
    const result = await sending.mutateAsync();
    if (isSuccess(result)) {
      holdResend(key, result.body.resend_in);
      Message.success(text.auth.codeSent);
    } else {
      const wait = waitNamedIn(result.msg);
      if (wait !== null) holdResend(key, wait);
      Message.error(result.msg || text.auth.sendCodeFailed);
    }
  }

  return { resendIn, sendingCode: sending.isPending, requestCode };
}
