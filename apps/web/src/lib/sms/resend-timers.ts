/**
 * When each SMS purpose may send again (issue 20): one countdown per purpose, shared by every dialog that sends
 * that purpose's code, so closing and reopening a dialog keeps its countdown, and a login code is never held up by
 * a money code. The seconds come from the server (`resend_in`, or the wait it names when it refuses).
 */
import type { SmsType } from '@cc/contracts';
import { useSyncExternalStore } from 'react';
import { createStore } from '../create-store';
import { useSecondsUntil } from '../use-now';

const resendAt = createStore<Readonly<Partial<Record<SmsType, number>>>>({});

export function holdResend(type: SmsType, seconds: number): void {
  resendAt.set({ ...resendAt.get(), [type]: Date.now() + seconds * 1000 });
}

/** The wait a refusal names ("请45秒后再试"), in seconds, or null. */
export function waitNamedIn(message: string): number | null {
  const match = /请(\d+)秒后再试/.exec(message);
  return match ? Number(match[1]) : null;
}

/** Seconds before this purpose may send again, ticking. */
export function useResendIn(type: SmsType): number {
  const at = useSyncExternalStore(resendAt.subscribe, () => resendAt.get()[type] ?? null);
  return useSecondsUntil(at);
}
