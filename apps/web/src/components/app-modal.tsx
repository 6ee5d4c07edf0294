/**
 * The generic modal: title, close icon, 620 px wide by default, never wider than the screen.
 *
 * Most pages mount a modal or two that the visitor never opens (the layout's dialogs, the login modal). Arco's Modal
 * and its focus lock are loaded the first time one of them opens, not with every first page: nothing is rendered
 * before that, as with Arco's own `mountOnEnter`.
 */
import type { ModalProps } from '@arco-design/web-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';

export type AppModalProps = ModalProps & { width?: number; children?: ReactNode };

const AppModalFrame = lazy(async () => ({ default: (await import('./app-modal-frame')).AppModalFrame }));

export function AppModal(props: AppModalProps) {
  const [opened, setOpened] = useState(Boolean(props.visible));
  if (props.visible && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <AppModalFrame {...props} />
    </Suspense>
  );
}
