/** Countdown display parts: a promotion's days, hours, minutes and seconds. */

export interface CountdownParts {
  days: number;
  /** Two digits, as the countdown shows them. */
  hours: string;
  minutes: string;
  seconds: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 93784 → { days: 1, hours: '02', minutes: '03', seconds: '04' }; a negative or bad value counts as zero. */
export function countdownParts(totalSeconds: number): CountdownParts {
  const total = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  return {
    days: Math.floor(total / 86_400),
    hours: pad(Math.floor((total % 86_400) / 3600)),
    minutes: pad(Math.floor((total % 3600) / 60)),
    seconds: pad(total % 60),
  };
}
