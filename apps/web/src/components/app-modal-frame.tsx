/** Arco's Modal with the product's defaults; loaded by `AppModal` the first time a modal opens. */
import { Modal } from '@arco-design/web-react';
import { MODAL_DEFAULT_WIDTH } from '@cc/contracts';
import type { AppModalProps } from './app-modal';

export function AppModalFrame({
  width = MODAL_DEFAULT_WIDTH,
  maskClosable = false,
  style,
  footer = null,
  ...rest
}: AppModalProps) {
  return (
    <Modal
      {...rest}
      footer={footer}
      maskClosable={maskClosable}
      style={{ width, maxWidth: 'calc(100vw - 32px)', ...style }}
    />
  );
}
