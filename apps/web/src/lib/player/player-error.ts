/** The player's error kinds (codes 1 to 8) and the Chinese message each one shows. */
import { text } from '../../locales/zh-CN';

/** In code order: network is 1, other is 8 (the numbering of xgplayer's zh-cn error table). */
export const PLAYER_ERROR_KINDS = [
  'network',
  'mse',
  'parse',
  'format',
  'decoder',
  'runtime',
  'timeout',
  'other',
] as const;
export type PlayerErrorKind = (typeof PLAYER_ERROR_KINDS)[number];

/** What xgplayer hands to its `error` event; every field may be missing. */
export interface PlayerErrorEvent {
  errorType?: string;
  errorCode?: number;
  mediaError?: { code?: number } | null;
}

/** HTMLMediaElement's MediaError codes: 1 aborted, 2 network, 3 decode, 4 source not supported. */
const MEDIA_ERROR_KINDS: Record<number, PlayerErrorKind> = { 1: 'other', 2: 'network', 3: 'decoder', 4: 'format' };

function isKind(value: unknown): value is PlayerErrorKind {
  return PLAYER_ERROR_KINDS.includes(value as PlayerErrorKind);
}

/**
 * A named kind wins; a plain <video> failure (xgplayer calls it 'media') is read from its MediaError code; a bare
 * code 1 to 8 is looked up by number; anything else is 'other'.
 */
export function playerErrorKind(error: PlayerErrorEvent | null | undefined): PlayerErrorKind {
  if (!error) return 'other';
  if (isKind(error.errorType)) return error.errorType;
  const mediaCode = error.mediaError?.code;
  if (mediaCode !== undefined && MEDIA_ERROR_KINDS[mediaCode]) return MEDIA_ERROR_KINDS[mediaCode];
  const code = error.errorCode;
  if (code !== undefined && Number.isInteger(code) && code >= 1 && code <= PLAYER_ERROR_KINDS.length) {
    return PLAYER_ERROR_KINDS[code - 1]!;
  }
  return 'other';
}

export function playerErrorMessage(error: PlayerErrorEvent | null | undefined): string {
  return text.player.errors[playerErrorKind(error)];
}
