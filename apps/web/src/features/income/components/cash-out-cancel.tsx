/**
 * 取消提现: a withdrawal still 已提交 can be taken back by its creator after a confirmation saying where the money
 * goes; the server refuses, with its own message, one an operator took up meanwhile.
 */
import { Button, Message, Modal } from '@arco-design/web-react';
import { ErrorCode, type WithdrawalRecord } from '@cc/contracts';
import { isSuccess } from '../../../lib/api-error';
import { fillText } from '../../../lib/fill-text';
import { formatYuan } from '../../../lib/format';
import { incomeText } from '../../../locales/zh-CN/income';
import { useCancelCashOut } from '../api/cancel-cash-out';

const t = incomeText.cashOut;

export function CancelCashOutButton({ record, long = false }: { record: WithdrawalRecord; long?: boolean }) {
  const cancel = useCancelCashOut();
  if (!record.can_cancel) return null;

  function confirm() {
    Modal.confirm({
      title: t.cancelTitle,
      content: fillText(t.cancelContent, { amount: formatYuan(record.wallet_amount) }),
      okText: t.cancelOk,
      cancelText: t.cancelKeep,
      okButtonProps: { status: 'danger' },
      // Arco's confirm is wider than a phone.
      style: { maxWidth: 'calc(100vw - 32px)' },
      onOk: async () => {
        const result = await cancel.mutateAsync(record.id);
        if (isSuccess(result)) Message.success(result.msg || t.cancelled);
        else if (result.code !== ErrorCode.unauthorized) Message.error(result.msg || t.cancelFailed);
      },
    });
  }

  return (
    <Button type="text" size="small" status="danger" long={long} loading={cancel.isPending} onClick={confirm}>
      {t.cancel}
    </Button>
  );
}
