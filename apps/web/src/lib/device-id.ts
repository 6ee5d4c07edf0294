/**
 * This browser's random device id, sent with every API call: a money session opened here is bound to it, so the
 * same token used elsewhere still needs an SMS code (ADR 0026). Kept in localStorage; in memory where it is blocked.
 */
import { LocalKey, localStore } from './storage';

let current: string | null = null;

export function deviceId(): string {
  current ??= localStore.get(LocalKey.deviceId);
  if (!current || !/^[A-Za-z0-9_-]{16,64}$/.test(current)) {
    current = crypto.randomUUID();
    localStore.set(LocalKey.deviceId, current);
  }
  return current;
}
