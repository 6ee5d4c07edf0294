/**
 * Filter graphs of the picture (and its own sound) for a translated video: the source retimed by the dubbing plan
 * (slowed slots with `setpts`, their sound slowed with them by `atempo`), a blur band over subtitles burned into the
 * source, and our ASS burned in by libass with the Noto CJK fonts the line breaker measured.
 */
import { even } from '../video/encode.js';
import { filterPath } from '../video/render-timeline.js';
import { atempoChain, AUDIO_FORMAT } from './audio-graph.js';
import type { RetimeSegment } from './dub-fit.js';
import { SUBTITLE_FONTS_DIR } from './font-metrics.js';
import type { FrameSize } from './line-break.js';

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const figure = (value: number) => Number(value.toFixed(6)).toString();
const unchanged = (segments: readonly RetimeSegment[]) => segments.every((segment) => segment.stretch === 1);
const labels = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `[${prefix}${i}]`);

/** The picture cut into the plan's segments, each slowed by its stretch, joined again. */
export function retimeVideoFilter(segments: readonly RetimeSegment[], input: string, output: string): string {
  if (unchanged(segments)) return `${input}null${output}`;
  const chains = [`${input}split=${segments.length}${labels('rv', segments.length).join('')}`];
  segments.forEach((segment, i) => {
    const pts = segment.stretch === 1 ? 'PTS-STARTPTS' : `(PTS-STARTPTS)*${figure(segment.stretch)}`;
    chains.push(
      `[rv${i}]trim=start=${seconds(segment.sourceStartMs)}:end=${seconds(segment.sourceEndMs)},setpts=${pts}[rw${i}]`,
    );
  });
  chains.push(`${labels('rw', segments.length).join('')}concat=n=${segments.length}:v=1:a=0${output}`);
  return chains.join(';');
}

/** The source's sound cut the same way, each segment slowed to its new length and padded or cut to it exactly. */
export function retimeAudioFilter(segments: readonly RetimeSegment[], input: string, output: string): string {
  if (unchanged(segments)) return `${input}${AUDIO_FORMAT}${output}`;
  const chains = [`${input}${AUDIO_FORMAT},asplit=${segments.length}${labels('ra', segments.length).join('')}`];
  segments.forEach((segment, i) => {
    const length = seconds(segment.outputEndMs - segment.outputStartMs);
    const filters = [
      `atrim=start=${seconds(segment.sourceStartMs)}:end=${seconds(segment.sourceEndMs)}`,
      'asetpts=PTS-STARTPTS',
      ...atempoChain(1 / segment.stretch),
      `apad=whole_dur=${length}`,
      `atrim=end=${length}`,
    ];
    chains.push(`[ra${i}]${filters.join(',')}[rx${i}]`);
  });
  chains.push(`${labels('rx', segments.length).join('')}concat=n=${segments.length}:v=0:a=1${output}`);
  return chains.join(';');
}

/** A horizontal band, in percent of the height: where its top is and how tall it is. */
export interface BlurBand {
  topPercent: number;
  heightPercent: number;
}

/**
 * The band of the picture blurred where the source's own subtitles are burned in: cropped out, box-blurred (the
 * radius as large as the band allows: boxblur takes at most half the band's height, a quarter for the chroma of
 * yuv420p) and laid back over the same place.
 */
export function blurBandFilter(size: FrameSize, band: BlurBand, input: string, output: string): string {
  // At least 8 lines: the chroma of a thinner band cannot take a blur radius of 1.
  const top = Math.min(size.height - 8, 2 * Math.floor((size.height * Math.max(0, band.topPercent)) / 200));
  const height = Math.max(
    8,
    Math.min(even((size.height * band.heightPercent) / 100), 2 * Math.floor((size.height - top) / 2)),
  );
  const luma = Math.max(1, Math.min(20, Math.floor(height / 2)));
  const chroma = Math.max(1, Math.min(10, Math.floor(height / 4)));
  return (
    `${input}split=2[bbase][bband];` +
    `[bband]crop=${size.width}:${height}:0:${top},format=yuv420p,` +
    `boxblur=luma_radius=${luma}:luma_power=2:chroma_radius=${chroma}:chroma_power=2[bblur];` +
    `[bbase][bblur]overlay=0:${top}${output}`
  );
}

/**
 * libass burning our ASS with the fonts of `fontsDir` (the faces the line breaker measured), shaped by HarfBuzz
 * with kerning as fontkit measures it.
 */
export function burnSubtitlesFilter(assFile: string, fontsDir: string = SUBTITLE_FONTS_DIR): string {
  return `ass=filename=${filterPath(assFile)}:fontsdir=${filterPath(fontsDir)}:shaping=complex`;
}
