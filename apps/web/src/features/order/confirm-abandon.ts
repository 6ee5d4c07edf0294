/**
 * '确定放弃支付？': leaving an unpaid order asks first, on the payment dialog and on the phone's order page;
 * only 放弃支付 cancels it, 继续支付 keeps everything as it was.
 */
import { Modal } from '@arco-design/web-react';
import { text } from '../../locales/zh-CN';

export function confirmAbandonPayment(onAbandon: () => void): void {
  Modal.confirm({
    title: text.order.abandon.title,
    content: text.order.abandon.content,
    okText: text.order.abandon.ok,
    cancelText: text.order.abandon.cancel,
    okButtonProps: { status: 'danger' },
    onOk: onAbandon,
  });
}
