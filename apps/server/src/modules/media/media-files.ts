/**
 * Posters and thumbnail sprites of library videos, each one ffmpeg command (pure argument builders beside them).
 * The sprite is a grid of 160×90 tiles (`PLAYER_DEFAULTS.thumbnail`), one every `interval` seconds, at most 100 tiles.
 */
import { PLAYER_DEFAULTS } from '@cc/contracts';
import { runFfmpegProcess } from '../../providers/media/ffmpeg-process.js';

export const SPRITE_COLUMNS = 10;
const MAX_TILES = 100;

export interface SpriteLayout {
  cols: number;
  rows: number;
  width: number;
  height: number;
  interval: number;
  count: number;
}

export function spriteLayout(duration: number): SpriteLayout {
  const interval = Math.max(1, Math.ceil(duration / MAX_TILES));
  const count = Math.max(1, Math.min(MAX_TILES, Math.floor(duration / interval)));
  const cols = Math.min(SPRITE_COLUMNS, count);
  const { width, height } = PLAYER_DEFAULTS.thumbnail;
  return { cols, rows: Math.ceil(count / cols), width, height, interval, count };
}

export function spriteArgs(input: string, output: string, layout: SpriteLayout): string[] {
  const { width, height, cols, rows, interval } = layout;
  return [
    ...['-y', '-i', input, '-an', '-frames:v', '1'],
    ...[
      '-vf',
      `fps=1/${interval},scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
        `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black,tile=${cols}x${rows}`,
    ],
    ...['-q:v', '5', output],
  ];
}

export function posterArgs(input: string, output: string, duration: number): string[] {
  return [
    ...['-y', '-ss', (duration * 0.1).toFixed(2), '-i', input, '-an', '-frames:v', '1'],
    ...['-vf', "scale='if(gt(iw,ih),min(640,iw),-2)':'if(gt(iw,ih),-2,min(640,ih))'", '-q:v', '4', output],
  ];
}

export async function makePosterAndSprite(input: string, duration: number, poster: string, sprite: string) {
  await runFfmpegProcess(posterArgs(input, poster, duration), { kind: 'poster', mediaSeconds: duration, nice: 5 });
  const layout = spriteLayout(duration);
  await runFfmpegProcess(spriteArgs(input, sprite, layout), { kind: 'poster', mediaSeconds: duration, nice: 5 });
  return layout;
}
