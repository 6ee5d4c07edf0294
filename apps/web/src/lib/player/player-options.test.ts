import { PLAYER_DEFAULTS } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { buildPlayerOptions, seekThumbnail } from './player-options';

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

  it("seeks with the media's sprite when it has one, tiles kept in their aspect inside the default box", () => {
    const sprite = { url: '/s.jpg', cols: 10, rows: 3, width: 160, height: 90, interval: 2, count: 27 };
    expect(buildPlayerOptions(el, { url: '/m.mp4', poster: '/p.jpg', sprite }).thumbnail).toEqual({
      urls: ['/s.jpg'],
      pic_num: 27,
      col: 10,
      row: 3,
      width: 160,
      height: 90,
    });
    // A portrait video's tiles: as tall as the box allows, narrow.
    expect(seekThumbnail({ ...sprite, width: 90, height: 160 }, undefined)).toMatchObject({ width: 51, height: 90 });
    // No sprite (or an empty one): the poster; a compact player has none.
    expect(seekThumbnail({ ...sprite, count: 0 }, '/p.jpg')).toMatchObject({ urls: ['/p.jpg'], pic_num: 1 });
    expect(seekThumbnail(null, undefined)).toBeUndefined();
    expect(buildPlayerOptions(el, { url: '/m.mp4', sprite, compact: true }).thumbnail).toBeUndefined();
  });
});
