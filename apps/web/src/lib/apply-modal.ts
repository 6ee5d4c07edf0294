/**
 * The layout's apply modal (the '审核通过' dialog): open and close it from anywhere, because the promotion
 * button's `toTask` variant closes it on its way to the task center.
 */
import { useSyncExternalStore } from 'react';
import { createStore } from './create-store';

const modalStore = createStore(false);
const closeListeners = new Set<() => void>();

export function openApplyModal(): void {
  modalStore.set(true);
}

export function closeApplyModal(): void {
  if (!modalStore.get()) return;
  modalStore.set(false);
  for (const listener of closeListeners) listener();
}

export function useApplyModalVisible(): boolean {
  return useSyncExternalStore(modalStore.subscribe, modalStore.get);
}

/** Runs `listener` each time the open modal closes, however it was closed; returns the unsubscribe function. */
export function onApplyModalClose(listener: () => void): () => void {
  closeListeners.add(listener);
  return () => closeListeners.delete(listener);
}
