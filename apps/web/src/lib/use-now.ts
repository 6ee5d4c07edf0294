/** One shared one-second clock for every countdown on screen (payment window, QR expiry, promotions, offers). */
import { useSyncExternalStore } from 'react';
import { createStore } from './create-store';

const TICK_MS = 1000;

const clockStore = createStore(Date.now());
let ticker: ReturnType<typeof setInterval> | undefined;
let subscribers = 0;

function subscribe(listener: () => void): () => void {
  const unsubscribe = clockStore.subscribe(listener);
  subscribers += 1;
  // The clock only ticks while something shows a countdown; the first subscriber reads the time afresh.
  if (subscribers === 1) {
    clockStore.set(Date.now());
    ticker = setInterval(() => clockStore.set(Date.now()), TICK_MS);
  }
  return () => {
    unsubscribe();
    subscribers -= 1;
    if (subscribers === 0) clearInterval(ticker);
  };
}

/** The current time in milliseconds, updated every second while a component reads it. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, clockStore.get);
}

/** Whole seconds from `now` until `deadline` (both epoch ms), never below zero. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Seconds left until `deadline` (epoch ms), ticking; 0 once it has passed or when there is none. */
export function useSecondsUntil(deadline: number | null): number {
  const now = useNow();
  return deadline === null ? 0 : secondsUntil(deadline, now);
}
