import { PLAYER_DEFAULTS } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { buildPlayerOptions } from './player-options';

const el = {} as HTMLElement;

describe('buildPlayerOptions', () => {
  it('uses PLAYER_DEFAULTS for the episode player', () => {
    const options = buildPlayerOptions(el, { url: '/media/1.mp4', poster: '/p.jpg' });
    expect(options).toMatchObject({
      url: '/media/1.mp4',
      width: 600,
      height: 337.5,
      volume: 0.6,
      inactive: 3000,
      minWaitDelay: 200,
      playbackRate: [2, 1.5, 1, 0.75, 0.5],
      autoplay: false,
      thumbnail: { urls: ['/p.jpg'], pic_num: 1, width: 160, height: 90 },
      ignores: ['error'],
    });
    expect(options.fluid).toBeUndefined();
  });

  it('is fluid on mobile and muted-autoplaying and compact for the tutorials', () => {
    expect(buildPlayerOptions(el, { url: '/a.mp4', fluid: true })).toMatchObject({ fluid: true });
    expect(buildPlayerOptions(el, { url: '/a.mp4', fluid: true }).width).toBeUndefined();
    const tutorial = buildPlayerOptions(el, {
      url: '/t.mp4',
      autoplayMuted: true,
      compact: true,
      width: 214,
      height: 122,
    });
    expect(tutorial).toMatchObject({
      autoplay: true,
      autoplayMuted: true,
      width: 214,
      height: 122,
      playbackRate: false,
    });
    expect(PLAYER_DEFAULTS.playbackRate).toEqual([2, 1.5, 1, 0.75, 0.5]);
  });
});
