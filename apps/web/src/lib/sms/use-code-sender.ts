/** Sending an SMS code: one request at a time, then the 60 s countdown before it may be sent again (spec §4). */
import { Message } from '@arco-design/web-react';
import { SMS_RESEND_SECONDS, type SendCodeResponse } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { text } from '../../locales/zh-CN';
import type { ApiResult } from '../api-client';
import { isSuccess } from '../api-error';
import { useCountdown } from '../use-countdown';

export function useCodeSender(send: () => Promise<ApiResult<SendCodeResponse>>) {
  const resend = useCountdown();
  const sending = useMutation({ mutationFn: send });

  async function requestCode() {
    if (resend.remaining > 0 || sending.isPending) return;
    const result = await sending.mutateAsync();
    if (isSuccess(result)) {
      resend.start(SMS_RESEND_SECONDS);
      Message.success(text.auth.codeSent);
    } else {
      Message.error(result.msg || text.auth.sendCodeFailed);
    }
  }

  return { resendIn: resend.remaining, sendingCode: sending.isPending, requestCode };
}
