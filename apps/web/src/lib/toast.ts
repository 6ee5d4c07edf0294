/** The generic failure toast: server message or a network hint, at most once per 5 s, shown for 5 s. */
import { Message } from '@arco-design/web-react';
import { TOAST_DURATION_MS, TOAST_THROTTLE_MS } from '@cc/contracts';
import { text } from '../locales/zh-CN';

let lastShownAt = Number.NEGATIVE_INFINITY;

export function toastFailure(msg: string): void {
  const now = Date.now();
  // Several calls failing together (say, the network dropped) should not stack a wall of toasts.
  if (now - lastShownAt < TOAST_THROTTLE_MS) return;
  lastShownAt = now;
  Message.error({ content: msg || text.common.networkPoor, duration: TOAST_DURATION_MS });
}
