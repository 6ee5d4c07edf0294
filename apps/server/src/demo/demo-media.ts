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

export interface EpisodeOptions extends TitleCardOptions {
  /** Varies the picture and the noise per episode, so that episodes do not read as repeats of each other. */
  seed: number;
  /** Action scenes, [start, end] in seconds: a fast-changing picture and loud noise over the quiet title card. */
  scenes: readonly [number, number][];
}

/** 15 fps: the long episodes are rendered at the first start, where every second of waiting counts. */
const EPISODE_FPS = 15;

/**
 * A demo episode long enough for every mixed-cut length: the title card over a slowly moving gradient with a quiet
 * tone, interrupted by loud, fast-changing scenes (Conway's life in the palette's colours with pink noise), which
 * the mixed cut's highlight score is meant to find.
 */
export function buildEpisodeArgs(o: EpisodeOptions): string[] {
  const titleSize = Math.round(o.height / 9);
  const subtitleSize = Math.round(o.height / 12);
  const on = o.scenes.map(([from, to]) => `between(t,${from},${to})`).join('+') || '0';
  const size = `${o.width}x${o.height}`;
  return [
    ...['-y', '-hide_banner', '-loglevel', 'error'],
    '-f',
    'lavfi',
    '-i',
    // The gradient's shape and a third colour change with the seed: the quiet stretches of two episodes must differ
    // as much as two episodes' scenes do, or the mixed cut takes them for a repeated opening.
    `gradients=s=${size}:c0=${hex(o.palette.from)}:c1=${hex(o.palette.to)}:c2=${o.seed % 2 ? '0x101018' : '0xF0F0F0'}` +
      `:nb_colors=3:type=${o.seed % 4}:d=${o.seconds}:speed=0.02:r=${EPISODE_FPS}:seed=${o.seed}`,
    '-f',
    'lavfi',
    '-i',
    `life=s=${size}:r=${EPISODE_FPS}:seed=${o.seed}:ratio=0.3:mold=8:life_color=${hex(o.palette.from)}:death_color=0x101018`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${o.toneHz}:sample_rate=44100:duration=${o.seconds}`,
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=color=pink:amplitude=0.4:sample_rate=44100:duration=${o.seconds}:seed=${o.seed}`,
    '-filter_complex',
    `[0:v][1:v]overlay=enable='${on}':shortest=1,` +
      `drawtext=font='${FONT}':textfile=${o.titleFile}:fontcolor=white:fontsize=${titleSize}:x=(w-text_w)/2:y=h/2-${titleSize + 8},` +
      `drawtext=font='${FONT}':textfile=${o.subtitleFile}:fontcolor=white@0.85:fontsize=${subtitleSize}:x=(w-text_w)/2:y=h/2+12[v];` +
      `[2:a]volume=0.1[tone];[3:a]volume='if(${on},1,0)':eval=frame[noise];` +
      `[tone][noise]amix=inputs=2:normalize=0:duration=first[a]`,
    ...['-map', '[v]', '-map', '[a]', '-t', String(o.seconds)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k'],
    ...['-movflags', '+faststart', o.output],
  ];
}

/** Action scenes of 8 s about every 25 s, shifted per episode so that no two episodes match. */
export function episodeScenes(seconds: number, seed: number): [number, number][] {
  const scenes: [number, number][] = [];
  for (let start = 8 + ((seed * 7) % 12); start + 8 <= seconds - 2; start += 25) scenes.push([start, start + 8]);
  return scenes;
}

export interface MusicOptions {
  seconds: number;
  bpm: number;
  /** The tonic in Hz. */
  root: number;
  /** Each bar's chord: its three notes as semitones above the tonic; the progression repeats. */
  chords: readonly (readonly [number, number, number])[];
  voice: 'pluck' | 'pad';
  pulse: boolean;
  output: string;
}

const MUSIC_RATE = 22050;

/** `values[i]` where `index` (an expression) is i: the nested `if` an ffmpeg expression needs to pick one. */
function pick(index: string, values: readonly string[]): string {
  return values
    .slice(0, -1)
    .reduceRight((rest, value, i) => `if(eq(${index},${i}),${value},${rest})`, values.at(-1) ?? '0');
}

/**
 * A background track as one `aevalsrc` expression: a chord per bar, played as a decaying arpeggio (`pluck`) or as
 * swelling held notes (`pad`) over the chord's root an octave down, with a low drum on each beat when `pulse`. Every
 * note's loudness reaches zero where its pitch changes, so the changes do not click. Mono MP3, faded in and out.
 */
export function buildMusicArgs(o: MusicOptions): string[] {
  const beat = 60 / o.bpm;
  const bar = 4 * beat;
  const chord = `mod(floor(t/${bar.toFixed(4)}),${o.chords.length})`;
  const note = (tone: number, octave = 1) =>
    pick(
      chord,
      o.chords.map((notes) => (o.root * octave * 2 ** (notes[tone]! / 12)).toFixed(2)),
    );
  const swell = `sin(PI*mod(t,${bar.toFixed(4)})/${bar.toFixed(4)})`;
  const bass = `0.15*${swell}*sin(2*PI*${note(0, 0.5)}*t)`;
  let voice: string;
  if (o.voice === 'pluck') {
    const step = beat / 2;
    const tone = `mod(floor(t/${step.toFixed(4)}),4)`;
    const frequency = pick(tone, [note(0), note(1), note(2), note(1)]);
    voice = `(0.3*sin(2*PI*${frequency}*t)+0.08*sin(4*PI*${frequency}*t))*exp(-5*mod(t,${step.toFixed(4)})/${step.toFixed(4)})`;
  } else {
    voice = `0.12*${swell}*(sin(2*PI*${note(0)}*t)+sin(2*PI*${note(1)}*t)+sin(2*PI*${note(2)}*t))`;
  }
  const drum = o.pulse ? `+0.4*sin(2*PI*55*t)*exp(-14*mod(t,${beat.toFixed(4)}))` : '';
  return [
    ...['-y', '-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', `aevalsrc='${voice}+${bass}${drum}':s=${MUSIC_RATE}:d=${o.seconds}`],
    ...['-af', `volume=0.8,afade=t=in:d=1,afade=t=out:st=${o.seconds - 2}:d=2`],
    ...['-ac', '1', '-c:a', 'libmp3lame', '-b:a', '48k', o.output],
  ];
}
