/**
 * Filter graphs of the dubbed sound: each synthesised line sped up as the plan says and placed at its start
 * (`adelay`) in one track (`amix` without normalisation: lines never overlap, so no line is turned down); the
 * original sound ducked under that track by a sidechain compressor keyed on it (music and effects come back as soon
 * as a line ends) and mixed with it; the result normalised to a loudness target (EBU R128 `loudnorm`).
 */

/** Every branch is brought to the output's format before it meets another (amix and sidechaincompress need one). */
export const AUDIO_FORMAT = 'aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo';

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const figure = (value: number, digits = 4) => Number(value.toFixed(digits)).toString();

/**
 * `atempo` filters whose product is `factor`. One instance takes 0.5–100, but quality falls far from 1, so each
 * stays within 0.5–2 and a larger change is a chain (a picture slowed to a third needs 0.5 × 0.6667).
 */
export function atempoChain(factor: number): string[] {
  if (Math.abs(factor - 1) < 1e-6) return [];
  const chain: string[] = [];
  let rest = factor;
  while (rest < 0.5) {
    chain.push('atempo=0.5');
    rest /= 0.5;
  }
  while (rest > 2) {
    chain.push('atempo=2');
    rest /= 2;
  }
  chain.push(`atempo=${figure(rest)}`);
  return chain;
}

export interface PlacedLine {
  /** The input's audio label, such as `[1:a]`. */
  input: string;
  startMs: number;
  endMs: number;
  atempo: number;
}

/**
 * One track of all the lines, `durationMs` long, ending in `output`. A line is cut at its planned end (atempo's
 * output may run a few milliseconds long) so it never reaches into the next cue.
 */
export function dubTrackFilter(lines: readonly PlacedLine[], durationMs: number, output = '[dub]'): string {
  const total = seconds(durationMs);
  if (lines.length === 0) return `anullsrc=r=44100:cl=stereo,atrim=end=${total}${output}`;
  const chains = lines.map((line, i) => {
    const filters = [
      AUDIO_FORMAT,
      ...atempoChain(line.atempo),
      `atrim=end=${seconds(line.endMs - line.startMs)}`,
      'asetpts=PTS-STARTPTS',
      `adelay=delays=${Math.round(line.startMs)}:all=1`,
    ];
    return `${line.input}${filters.join(',')}[dl${i}]`;
  });
  const inputs = lines.map((_, i) => `[dl${i}]`).join('');
  chains.push(
    `${inputs}amix=inputs=${lines.length}:duration=longest:dropout_transition=0:normalize=0,` +
      `apad=whole_dur=${total},atrim=end=${total}${output}`,
  );
  return chains.join(';');
}

/**
 * How far the original sound goes down under a line. The compressor's gain reduction is the dub's level over the
 * threshold times (1 − 1/ratio): a line at −20 dBFS takes the original down about 17 dB (`duck`, the voice still
 * faintly there) or about 38 dB (`remove`).
 */
export const DUCKING = {
  duck: { threshold: 0.01, ratio: 8 },
  remove: { threshold: 0.001, ratio: 20 },
} as const;
export type DuckingStrength = keyof typeof DUCKING;

/** The original ducked under the dub and mixed with it, in `output`. */
export function duckAndMixFilter(
  original: string,
  dub: string,
  output: string,
  strength: DuckingStrength = 'duck',
): string {
  const { threshold, ratio } = DUCKING[strength];
  return [
    `${dub}asplit=2[dkey][dmix]`,
    `${original}${AUDIO_FORMAT}[dorig]`,
    `[dorig][dkey]sidechaincompress=threshold=${threshold}:ratio=${ratio}:attack=20:release=400[ducked]`,
    `[ducked][dmix]amix=inputs=2:duration=first:dropout_transition=0:normalize=0${output}`,
  ].join(';');
}

/**
 * −16 LUFS integrated, −1.5 dBTP: what phones and short-video platforms play at (EBU R128's −23 is for broadcast
 * and sounds quiet beside other clips); a loudness range of 11 LU keeps speech over music.
 */
export const LOUDNESS_TARGET = { integrated: -16, truePeak: -1.5, range: 11 } as const;
export type LoudnessTarget = typeof LOUDNESS_TARGET;

/** What the first, measuring pass of loudnorm printed. */
export interface LoudnessMeasurement {
  integrated: number;
  truePeak: number;
  range: number;
  threshold: number;
  offset: number;
}

const targetOptions = (target: LoudnessTarget) => `I=${target.integrated}:TP=${target.truePeak}:LRA=${target.range}`;

/** The measuring pass: `-af` of a run to `-f null`, whose stderr `parseLoudnessMeasurement` reads. */
export function loudnessMeasureFilter(target: LoudnessTarget = LOUDNESS_TARGET): string {
  return `loudnorm=${targetOptions(target)}:print_format=json`;
}

/**
 * Normalisation to the target: with a measurement, linear (one gain for the whole file, no pumping) where the true
 * peak allows; without one, loudnorm's dynamic single pass. loudnorm works at 192 kHz, so the output is resampled.
 */
export function loudnormFilter(measured?: LoudnessMeasurement, target: LoudnessTarget = LOUDNESS_TARGET): string {
  const second = measured
    ? `:measured_I=${measured.integrated}:measured_TP=${measured.truePeak}:measured_LRA=${measured.range}` +
      `:measured_thresh=${measured.threshold}:offset=${measured.offset}:linear=true`
    : '';
  return `loudnorm=${targetOptions(target)}${second},aresample=44100`;
}

/** The last JSON block loudnorm printed; null when there is none or the input was silent (`-inf`). */
export function parseLoudnessMeasurement(stderr: string): LoudnessMeasurement | null {
  const start = stderr.lastIndexOf('{');
  const end = stderr.indexOf('}', start);
  if (start < 0 || end < 0) return null;
  let printed: Record<string, string>;
  try {
    printed = JSON.parse(stderr.slice(start, end + 1)) as Record<string, string>;
  } catch {
    return null;
  }
  const values = ['input_i', 'input_tp', 'input_lra', 'input_thresh', 'target_offset'].map((key) =>
    Number(printed[key]),
  );
  if (values.some((value) => !Number.isFinite(value))) return null;
  const [integrated, truePeak, range, threshold, offset] = values as [number, number, number, number, number];
  return { integrated, truePeak, range, threshold, offset };
}
