/** Mobile or desktop layout: the body is narrower than the breakpoint, re-checked on resize. */
import { MOBILE_BREAKPOINT, RESIZE_THROTTLE_MS } from '@cc/contracts';
import { useSyncExternalStore } from 'react';
import { createStore } from './create-store';
import { throttle } from './throttle';

function measureIsMobile(): boolean {
  return (document.body?.clientWidth ?? window.innerWidth) < MOBILE_BREAKPOINT;
}

const viewportStore = createStore(measureIsMobile());
const remeasure = throttle(() => viewportStore.set(measureIsMobile()), RESIZE_THROTTLE_MS);

function subscribe(listener: () => void): () => void {
  const unsubscribe = viewportStore.subscribe(listener);
  window.addEventListener('resize', remeasure.run);
  // The body may have been laid out since the module loaded; settle on its real width now.
  remeasure.run();
  return () => {
    unsubscribe();
    window.removeEventListener('resize', remeasure.run);
  };
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, viewportStore.get);
}
