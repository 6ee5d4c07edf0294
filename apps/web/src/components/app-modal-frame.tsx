/** The generic modal of spec §2: title, close icon, 620 px wide by default, never wider than the screen. */
import { Modal, type ModalProps } from '@arco-design/web-react';
import { MODAL_DEFAULT_WIDTH } from '@cc/contracts';
import type { ReactNode } from 'react';

export type AppModalProps = ModalProps & { width?: number; children?: ReactNode };

export function AppModal({
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
