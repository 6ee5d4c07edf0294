/** The 创作者中心 mark — a play button on a blue tile with a spark — drawn inline so it needs no image request. */
import { useId } from 'react';
import { text } from '../locales/zh-CN';

export function Logo({ size = 32 }: { size?: number }) {
  // Each logo on the page needs its own gradient id, or the second one would paint with the first one's.
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={text.common.logoAlt}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4080FF" />
          <stop offset="1" stopColor="#165DFF" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path d="M12 9.5v13l10.5-6.5z" fill="#fff" />
      <circle cx="24" cy="8" r="2.5" fill="#FFD666" />
    </svg>
  );
}
