/** xgplayer options built from `PLAYER_DEFAULTS`, for the episode player and the tutorial players. */
import { PLAYER_DEFAULTS, THEME_COLOR, type Media } from '@cc/contracts';
import type { IPlayerOptions } from 'xgplayer';

export interface PlayerSetup {
  url: string;
  poster?: string;
  /** Fixed size in px; ignored when `fluid`. */
  width?: number;
  height?: number;
  /** Fill the container's width keeping 16:9 (mobile). */
  fluid?: boolean;
  /** Start at once, muted so browsers allow it (the tutorial players). */
  autoplayMuted?: boolean;
  /** A small player: no speed list, no seek thumbnails, no times. */
  compact?: boolean;
  /** The media library's thumbnail sprite: seek previews frame by frame. */
  sprite?: Media['sprite'];
}

/**
 * Seek thumbnails: the sprite's tiles, shown inside the default thumbnail box with their own aspect (a portrait
 * video's tiles are narrow, not stretched); without a sprite, the poster as a one-frame thumbnail.
 */
export function seekThumbnail(
  sprite: Media['sprite'] | undefined,
  poster: string | undefined,
): IPlayerOptions['thumbnail'] {
  const box = PLAYER_DEFAULTS.thumbnail;
  if (sprite && sprite.count > 0 && sprite.width > 0 && sprite.height > 0) {
    const scale = Math.min(box.width / sprite.width, box.height / sprite.height);
    return {
      urls: [sprite.url],
      pic_num: sprite.count,
      col: sprite.cols,
      row: sprite.rows,
      // xgplayer spreads the tiles evenly over the duration itself: the sprite's interval is exactly that.
      width: Math.round(sprite.width * scale),
      height: Math.round(sprite.height * scale),
    };
  }
  if (!poster) return undefined;
  return { urls: [poster], pic_num: 1, col: 1, row: 1, ...box };
}

export function buildPlayerOptions(el: HTMLElement, setup: PlayerSetup): IPlayerOptions {
  const size = setup.fluid
    ? { fluid: true }
    : { width: setup.width ?? PLAYER_DEFAULTS.width, height: setup.height ?? PLAYER_DEFAULTS.height };
  return {
    el,
    url: setup.url,
    poster: setup.poster,
    ...size,
    lang: 'zh-cn',
    volume: PLAYER_DEFAULTS.volume,
    autoplay: Boolean(setup.autoplayMuted),
    autoplayMuted: Boolean(setup.autoplayMuted),
    inactive: PLAYER_DEFAULTS.inactive,
    minWaitDelay: PLAYER_DEFAULTS.waitingDelay,
    playbackRate: setup.compact ? false : [...PLAYER_DEFAULTS.playbackRate],
    thumbnail: setup.compact ? undefined : seekThumbnail(setup.sprite, setup.poster),
    prompt: { interval: PLAYER_DEFAULTS.promptHide },
    waitingTimeoutJump: {
      waitingTime: PLAYER_DEFAULTS.waitingJump.waitSeconds,
      jumpSize: PLAYER_DEFAULTS.waitingJump.sizeSeconds,
      jumpCntMax: PLAYER_DEFAULTS.waitingJump.maxJumps,
    },
    gapJump: { smallGapLimit: PLAYER_DEFAULTS.smallGapSeconds },
    // The page shows its own Chinese error with a refresh prompt instead of the built-in layer. A small
    // player leaves out the times: on a phone's 165 px tutorial player, current time and duration squeezed the
    // progress bar to its knob and pushed the full-screen button out of the player.
    ignores: setup.compact ? ['error', 'time'] : ['error'],
    commonStyle: { playedColor: THEME_COLOR, volumeColor: THEME_COLOR },
  };
}
