/** Which receive result the promotion dialog shows; any promotion button opens it, the layout renders it once. */
import type { ReceiveResult } from '@cc/contracts';
import { useSyncExternalStore } from 'react';
import { createStore } from '../create-store';

export interface PromotionDialogContent {
  result: ReceiveResult;
  /** For the 口令推广文案 row. */
  serialName: string;
  appName: string;
  /** A novel's text asks to read, not to watch. */
  taskType: number;
}

export interface PromotionDialogState {
  visible: boolean;
  /** Kept after closing, so the rows stay in place while the modal fades out. */
  content: PromotionDialogContent | null;
}

const dialogStore = createStore<PromotionDialogState>({ visible: false, content: null });

export function openPromotionDialog(content: PromotionDialogContent): void {
  dialogStore.set({ visible: true, content });
}

export function closePromotionDialog(): void {
  const { visible, content } = dialogStore.get();
  if (visible) dialogStore.set({ visible: false, content });
}

export function usePromotionDialog(): PromotionDialogState {
  return useSyncExternalStore(dialogStore.subscribe, dialogStore.get);
}
