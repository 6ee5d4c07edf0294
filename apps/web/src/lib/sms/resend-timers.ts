/**
 * When each SMS purpose may send again: one countdown per purpose and phone, as the server budgets them,
 * shared by every dialog that sends that code, so closing and reopening a dialog keeps its countdown, and a login
 * code is never held up by a money code. The seconds come from the server (`resend_in`, or the wait it names when
 * it refuses).
 */
import type { SmsType } from '@cc/contracts';
import { useSyncExternalStore } from 'react';
import { createStore } from '../create-store';
import { useSecondsUntil } from '../use-now';

/** A purpose and the phone it goes to ('own': the logged-in creator's phone, `send_code_by_id`). */
export type ResendKey = `${SmsType}:${string}`;

const resendAt = createStore<Readonly<Record<ResendKey, number>>>({});

export function resendKey(type: SmsType, phone: string): ResendKey {
  return `${type}:${phone}`;
}

export function holdResend(key: ResendKey, seconds: number): void {
  resendAt.set({ ...resendAt.get(), [key]: Date.now() + seconds * 1000 });
}

/** The wait a refusal names ("请45秒后再试"), in seconds, or null. */
export function waitNamedIn(message: string): number | null {
  const match = /请(\d+)秒后再试/.exec(message);
  return match ? Number(match[1]) : null;
}

/** Seconds before this purpose may send to this phone again, ticking. */
export function useResendIn(key: ResendKey): number {
  const at = useSyncExternalStore(resendAt.subscribe, () => resendAt.get()[key] ?? null);
  return useSecondsUntil(at);
}
