/**
 * ffmpeg argument lists for the demo catalogue's videos: a moving gradient with the title set in a CJK font and
 * a tone, encoded as web-ready H.264/AAC with the index up front (so players can seek over HTTP Range).
 */
import type { Palette } from '../modules/content/cover-art.js';

export interface TitleCardOptions {
  /** Text files (drawtext reads them, which avoids escaping Chinese and punctuation). */
  titleFile: string;
  subtitleFile: string;
  palette: Palette;
  seconds: number;
  width: number;
  height: number;
  toneHz: number;
  output: string;
}

const hex = (color: string) => `0x${color.replace('#', '')}`;
const FONT = 'Noto Sans CJK SC';

export function buildTitleCardArgs(o: TitleCardOptions): string[] {
  const titleSize = Math.round(o.height / 9);
  const subtitleSize = Math.round(o.height / 12);
  const drawTitle = `drawtext=font='${FONT}':textfile=${o.titleFile}:fontcolor=white:fontsize=${titleSize}:x=(w-text_w)/2:y=h/2-${titleSize + 8}`;
  const drawSubtitle = `drawtext=font='${FONT}':textfile=${o.subtitleFile}:fontcolor=white@0.85:fontsize=${subtitleSize}:x=(w-text_w)/2:y=h/2+12`;
  return [
    '-y',
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `gradients=s=${o.width}x${o.height}:c0=${hex(o.palette.from)}:c1=${hex(o.palette.to)}:d=${o.seconds}:speed=0.02:r=24`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${o.toneHz}:sample_rate=44100:duration=${o.seconds}`,
    '-vf',
    `${drawTitle},${drawSubtitle}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-shortest',
    '-movflags',
    '+faststart',
    o.output,
  ];
}

/** One JPEG frame at `atSeconds`, scaled to `width` wide: the player's poster and thumbnail. */
export function buildPosterArgs(input: string, output: string, atSeconds: number, width: number): string[] {
  return [
    '-y',
    '-hide_banner',
    '-loglevel',
    'error',
    '-ss',
    String(atSeconds),
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    `scale=${width}:-2`,
    '-q:v',
    '4',
    output,
  ];
}
