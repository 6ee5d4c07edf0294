/** Throttling that runs at most once per interval and always runs once more after the last call. */

export function throttle(fn: () => void, intervalMs: number): { run: () => void; cancel: () => void } {
  let lastRun = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const invoke = () => {
    clearTimeout(timer);
    timer = undefined;
    lastRun = Date.now();
    fn();
  };
  return {
    run: () => {
      const wait = intervalMs - (Date.now() - lastRun);
      if (wait <= 0) invoke();
      // The trailing run makes the final state (say, the last resize) win even inside the interval.
      else timer ??= setTimeout(invoke, wait);
    },
    cancel: () => clearTimeout(timer),
  };
}
