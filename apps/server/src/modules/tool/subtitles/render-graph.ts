/**
 * The one filter graph of a translated video: picture retimed by the dubbing plan, the source's subtitles blurred,
 * ours burned in; sound retimed the same way, the original ducked under the dubbed lines and the mix normalised.
 * Input 0 is the source; the dubbed lines are further inputs named by their labels. The sound's part alone (up to
 * the mix) also feeds loudnorm's measuring pass, so the render can normalise linearly.
 */
import {
  dubTrackFilter,
  duckAndMixFilter,
  type DuckingStrength,
  type LoudnessMeasurement,
  loudnormFilter,
  loudnessMeasureFilter,
  AUDIO_FORMAT,
} from './audio-graph.js';
import type { DubPlan } from './dub-fit.js';
import type { FrameSize } from './line-break.js';
import {
  type BlurBand,
  blurBandFilter,
  burnSubtitlesFilter,
  retimeAudioFilter,
  retimeVideoFilter,
} from './video-graph.js';

export interface TranslateRenderInput {
  source: FrameSize & { hasAudio: boolean };
  assFile: string;
  fontsDir?: string;
  blurBand?: BlurBand | null;
  dub?: {
    plan: Pick<DubPlan, 'lines' | 'segments' | 'durationMs'>;
    /** One audio label per planned line, such as `[1:a]`. */
    lineInputs: readonly string[];
    ducking?: DuckingStrength;
    /** The measuring pass's figures: normalise linearly; without them loudnorm runs its single dynamic pass. */
    loudness?: LoudnessMeasurement;
  } | null;
}

export interface TranslateGraph {
  filterComplex: string;
  videoOut: string;
  audioOut: string | null;
}

/** The sound up to the mix (`[mixed]`), or null without dubbing. */
function dubbedSound(input: TranslateRenderInput): string | null {
  const { dub, source } = input;
  if (!dub) return null;
  if (dub.lineInputs.length !== dub.plan.lines.length) throw new Error('one input per dubbed line');
  const track = dubTrackFilter(
    dub.plan.lines.map((line, i) => ({ ...line, input: dub.lineInputs[i]! })),
    dub.plan.durationMs,
    '[dub]',
  );
  if (!source.hasAudio) return `${track};[dub]anull[mixed]`;
  return [
    retimeAudioFilter(dub.plan.segments, '[0:a]', '[orig]'),
    track,
    duckAndMixFilter('[orig]', '[dub]', '[mixed]', dub.ducking),
  ].join(';');
}

/** The whole graph, ending in `[vout]` and (when there is sound) `[aout]`. */
export function translateRenderGraph(input: TranslateRenderInput): TranslateGraph {
  const chains: string[] = [];
  let video = '[0:v]';
  if (input.dub) {
    chains.push(retimeVideoFilter(input.dub.plan.segments, video, '[rt]'));
    video = '[rt]';
  }
  if (input.blurBand) {
    chains.push(blurBandFilter(input.source, input.blurBand, video, '[bl]'));
    video = '[bl]';
  }
  chains.push(`${video}${burnSubtitlesFilter(input.assFile, input.fontsDir)},format=yuv420p[vout]`);

  const sound = dubbedSound(input);
  let audioOut: string | null = null;
  if (sound) {
    chains.push(sound, `[mixed]${loudnormFilter(input.dub?.loudness)}[aout]`);
    audioOut = '[aout]';
  } else if (input.source.hasAudio) {
    chains.push(`[0:a]${AUDIO_FORMAT}[aout]`);
    audioOut = '[aout]';
  }
  return { filterComplex: chains.join(';'), videoOut: '[vout]', audioOut };
}

/** The sound alone into loudnorm's measuring pass (`[aout]`, to `-f null`); null without dubbing. */
export function translateLoudnessGraph(input: TranslateRenderInput): string | null {
  const sound = dubbedSound(input);
  return sound ? `${sound};[mixed]${loudnessMeasureFilter()}[aout]` : null;
}
