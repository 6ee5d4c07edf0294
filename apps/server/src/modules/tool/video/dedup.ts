/**
 * Batch de-duplication: each of the ten options is a pure function that contributes steps to
 * ONE filter graph per output — one decode, one encode. Parameters are jittered per output from a seed within
 * ranges that stay watchable; `strength` (1, 2, 3) widens them for a re-render that was still too similar.
 * Steps run in a fixed order: geometry, then composition, then colour, then the frame, then time.
 */
import type { DedupOption } from '@cc/contracts';
import { runFfmpegProcess } from '../../../providers/media/ffmpeg-process.js';
import type { VideoProbe } from '../../../providers/media/probe.js';
import { encodeArgs, even, type VideoPreset } from './encode.js';
import { seededRandom } from './seeded-random.js';

export interface DedupParams {
  strength: number;
  crop: { x: number; y: number; w: number; h: number };
  eq: { brightness: number; contrast: number; saturation: number; gamma: number };
  noise: number;
  volume: number;
  pip: { scale: number; dx: number; dy: number; blur: number };
  rotate: { degrees: number };
  zoom: number;
  frame: { ratio: number; color: string };
  effect: { vignette: number; rs: number; bs: number; hue: number };
  speed: number;
  fpsFactor: number;
  mirror: { opacity: number };
}

/** Every parameter of one output, whether its option is chosen or not (choosing more options changes none of them). */
export function dedupParams(_options: readonly DedupOption[], seed: number, strength = 1): DedupParams {
  const r = seededRandom(seed);
  const s = Math.min(3, Math.max(1, strength));
  const cropShare = Math.min(0.12, r.between(0.02, 0.04) * s);
  const palette = ['0x101010', '0x1a1a2e', '0xf5f5f5', '0x2b2b2b', '0x0f2a44', '0x3a1f1f'] as const;
  return {
    strength: s,
    crop: { x: r.next(), y: r.next(), w: 1 - cropShare, h: 1 - cropShare * r.between(0.6, 1) },
    eq: {
      brightness: r.sign() * r.between(0.01, 0.03) * s,
      contrast: 1 + r.between(0.02, 0.06) * s,
      saturation: 1 + r.sign() * r.between(0.05, 0.12) * s,
      gamma: 1 + r.sign() * r.between(0.01, 0.04) * s,
    },
    noise: Math.round(r.between(2, 4) * s),
    volume: 1 + r.sign() * r.between(0.02, 0.06),
    pip: {
      scale: Math.max(0.6, r.between(0.8, 0.86) - 0.06 * (s - 1)),
      dx: r.between(-0.03, 0.03),
      dy: r.between(-0.03, 0.03),
      blur: Math.round(r.between(12, 20)),
    },
    rotate: { degrees: r.sign() * Math.min(6, r.between(1, 2.5) * s) },
    zoom: 1 + Math.min(0.2, r.between(0.03, 0.08) * s),
    frame: { ratio: Math.min(0.12, r.between(0.03, 0.05) * s), color: r.pick(palette) },
    effect: {
      vignette: Math.min(Math.PI / 3, r.between(Math.PI / 6, Math.PI / 4.5) * (1 + 0.15 * (s - 1))),
      rs: r.sign() * r.between(0.02, 0.06) * s,
      bs: r.sign() * r.between(0.02, 0.06) * s,
      hue: r.sign() * r.between(2, 6) * s,
    },
    speed: 1 + Math.min(0.3, r.between(0.05, 0.15) * (1 + 0.5 * (s - 1))),
    fpsFactor: Math.max(0.6, r.between(0.78, 0.86) - 0.05 * (s - 1)),
    mirror: { opacity: Math.min(0.35, r.between(0.12, 0.2) * (1 + 0.3 * (s - 1))) },
  };
}

/** Frame size every step keeps: the source's, even. */
export interface FrameSize {
  width: number;
  height: number;
}

/** One step of the video chain: from its input label to its output label, with private labels made from `id`. */
export interface VideoStep {
  order: number;
  chain(input: string, output: string, id: string): string;
}

export interface OptionGraph {
  video: VideoStep[];
  audio: string[];
  /** Playback speed factor (1 = unchanged). */
  speed?: number;
  /** Output frame rate as a share of the source's. */
  fpsFactor?: number;
}

const ORDER = { geometry: 10, rotate: 20, flip: 30, compose: 40, mirror: 50, colour: 60, effect: 70, frame: 80 };
const f = (value: number, digits = 4) => Number(value.toFixed(digits)).toString();
const linear = (order: number, filters: string): VideoStep => ({
  order,
  chain: (input, output) => `${input}${filters}${output}`,
});

/** Zoom in by `zoom` and crop back to the frame, offset by (fx, fy) ∈ [0,1] of the slack. */
function zoomCrop({ width, height }: FrameSize, zoom: number, fx: number, fy: number): string {
  const w = even(width * zoom);
  const h = even(height * zoom);
  return `scale=${w}:${h},crop=${width}:${height}:${Math.floor((w - width) * fx)}:${Math.floor((h - height) * fy)}`;
}

/** The ten options, each a pure function of the frame size and the output's parameters. */
export const dedupOptionGraphs: Record<DedupOption, (size: FrameSize, p: DedupParams) => OptionGraph> = {
  /** 常规去重: a slight off-centre crop scaled back, colour and gamma nudged, a little grain, volume nudged. */
  common: (size, p) => ({
    video: [
      linear(
        ORDER.geometry,
        `crop=${even(size.width * p.crop.w)}:${even(size.height * p.crop.h)}:` +
          `${Math.floor(size.width * (1 - p.crop.w) * p.crop.x)}:${Math.floor(size.height * (1 - p.crop.h) * p.crop.y)},` +
          `scale=${size.width}:${size.height}`,
      ),
      linear(
        ORDER.colour,
        `eq=brightness=${f(p.eq.brightness)}:contrast=${f(p.eq.contrast)}:saturation=${f(p.eq.saturation)}:gamma=${f(p.eq.gamma)},` +
          `noise=alls=${p.noise}:allf=t`,
      ),
    ],
    audio: [`volume=${f(p.volume, 3)}`],
  }),
  /** 画中画: the picture shrunk over a blurred, enlarged copy of itself. */
  pip: (size, p) => ({
    video: [
      {
        order: ORDER.compose,
        chain: (input, output, id) => {
          const w = even(size.width * p.pip.scale);
          const h = even(size.height * p.pip.scale);
          const x = Math.round((size.width - w) / 2 + size.width * p.pip.dx);
          const y = Math.round((size.height - h) / 2 + size.height * p.pip.dy);
          return (
            `${input}split=2[${id}bg][${id}fg];` +
            `[${id}bg]${zoomCrop(size, 1.25, 0.5, 0.5)},boxblur=${p.pip.blur}:2[${id}bb];` +
            `[${id}fg]scale=${w}:${h}[${id}fs];` +
            `[${id}bb][${id}fs]overlay=${x}:${y}${output}`
          );
        },
      },
    ],
    audio: [],
  }),
  /** 旋转: a small tilt, zoomed so that no black corner shows. */
  rotate: (size, p) => {
    const radians = (p.rotate.degrees * Math.PI) / 180;
    const aspect = Math.max(size.width / size.height, size.height / size.width);
    const cover = Math.abs(Math.cos(radians)) + Math.abs(Math.sin(radians)) * aspect;
    return {
      video: [
        linear(
          ORDER.rotate,
          `scale=${even(size.width * cover)}:${even(size.height * cover)},` +
            `rotate=${f(radians, 5)}:ow=${size.width}:oh=${size.height}:c=black`,
        ),
      ],
      audio: [],
    };
  },
  /** 缩放: zoom in a few percent around a jittered centre. */
  scale: (size, p) => ({ video: [linear(ORDER.geometry + 1, zoomCrop(size, p.zoom, p.crop.x, p.crop.y))], audio: [] }),
  /** 翻转: left and right swapped. */
  flip: () => ({ video: [linear(ORDER.flip, 'hflip')], audio: [] }),
  /** 边框: the picture shrunk inside a coloured border. */
  frame: (size, p) => {
    const bw = even(size.width * p.frame.ratio);
    const bh = even(size.height * p.frame.ratio);
    return {
      video: [
        linear(
          ORDER.frame,
          `scale=${size.width - 2 * bw}:${size.height - 2 * bh},pad=${size.width}:${size.height}:${bw}:${bh}:color=${p.frame.color}`,
        ),
      ],
      audio: [],
    };
  },
  /** 特效: a vignette, a colour-balance shift and a small hue turn. */
  effect: (_size, p) => ({
    video: [
      linear(
        ORDER.effect,
        `vignette=angle=${f(p.effect.vignette)},colorbalance=rs=${f(p.effect.rs)}:bs=${f(p.effect.bs)},hue=h=${f(p.effect.hue, 2)}`,
      ),
    ],
    audio: [],
  }),
  /** 变速: faster by 5–15 %, the sound with it (atempo keeps the pitch). */
  speed: (_size, p) => ({ video: [], audio: [], speed: p.speed }),
  /** 降帧: a lower frame rate (about 80 % of the source's, at least 15). */
  fps_down: (_size, p) => ({ video: [], audio: [], fpsFactor: p.fpsFactor }),
  /** 镜像叠加: a faint mirror image blended over the picture. */
  mirror: (_size, p) => ({
    video: [
      {
        order: ORDER.mirror,
        chain: (input, output, id) =>
          `${input}split=2[${id}a][${id}b];[${id}b]hflip[${id}m];` +
          `[${id}m][${id}a]blend=all_mode=normal:all_opacity=${f(p.mirror.opacity, 3)}${output}`,
      },
    ],
    audio: [],
  }),
};

export interface DedupGraph {
  filterComplex: string;
  videoOut: string;
  audioOut: string | null;
  /** Seconds the output lasts. */
  outputDuration: number;
}

/**
 * The whole graph of one output, reading `[0:v]`/`[0:a]` (or the labels given) and ending in `[vout]` (or the label
 * given, for a caller that draws on top) and `[aout]`.
 * Any combination of options gives a valid graph; no option at all still normalises size, pixels and audio.
 */
export function buildDedupFilterGraph(
  source: Pick<VideoProbe, 'width' | 'height' | 'fps' | 'duration' | 'hasAudio'>,
  options: readonly DedupOption[],
  params: DedupParams,
  inputs: { video: string; audio: string } = { video: '[0:v]', audio: '[0:a]' },
  videoOut = '[vout]',
): DedupGraph {
  const size: FrameSize = { width: even(source.width), height: even(source.height) };
  const parts = [...new Set(options)].map((option) => dedupOptionGraphs[option](size, params));
  const steps = parts.flatMap((part) => part.video).sort((a, b) => a.order - b.order);
  const speed = parts.reduce((value, part) => value * (part.speed ?? 1), 1);
  const fpsFactor = parts.reduce((value, part) => value * (part.fpsFactor ?? 1), 1);

  const chains: string[] = [];
  let label = 'dv0';
  chains.push(`${inputs.video}scale=${size.width}:${size.height},setsar=1[${label}]`);
  steps.forEach((step, i) => {
    const next = `dv${i + 1}`;
    chains.push(step.chain(`[${label}]`, `[${next}]`, `d${i}`));
    label = next;
  });
  const tail = [
    ...(speed !== 1 ? [`setpts=PTS/${f(speed)}`] : []),
    ...(fpsFactor !== 1 ? [`fps=${f(Math.max(15, Math.round((source.fps || 25) * fpsFactor)), 2)}`] : []),
    'format=yuv420p',
  ];
  chains.push(`[${label}]${tail.join(',')}${videoOut}`);

  let audioOut: string | null = null;
  if (source.hasAudio) {
    const audio = [...parts.flatMap((part) => part.audio), ...(speed !== 1 ? [`atempo=${f(speed)}`] : [])];
    chains.push(`${inputs.audio}${[...audio, 'aresample=44100'].join(',')}[aout]`);
    audioOut = '[aout]';
  }
  return { filterComplex: chains.join(';'), videoOut, audioOut, outputDuration: source.duration / speed };
}

export interface RenderDedupInput {
  source: string;
  sourceProbe: VideoProbe;
  output: string;
  options: readonly DedupOption[];
  seed: number;
  strength?: number;
  /** x264 preset (VIDEO_PRESET); `veryfast` when not given. */
  preset?: VideoPreset;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/** The ffmpeg arguments of one de-duplicated output (exported for the benchmark's bare run). */
export function dedupArgs(input: Omit<RenderDedupInput, 'signal' | 'onProgress'>): {
  args: string[];
  duration: number;
} {
  const graph = buildDedupFilterGraph(
    input.sourceProbe,
    input.options,
    dedupParams(input.options, input.seed, input.strength),
  );
  const args = [
    ...['-y', '-i', input.source, '-filter_complex', graph.filterComplex, '-map', graph.videoOut],
    ...(graph.audioOut ? ['-map', graph.audioOut] : []),
    ...encodeArgs({ hasAudio: graph.audioOut !== null, preset: input.preset }),
    // Never longer than planned (and priced), whatever the source's timestamps do.
    ...['-t', graph.outputDuration.toFixed(3)],
    input.output,
  ];
  return { args, duration: graph.outputDuration };
}

export async function renderDedup(input: RenderDedupInput): Promise<{ duration: number }> {
  const { args, duration } = dedupArgs(input);
  await runFfmpegProcess(args, {
    kind: 'render',
    mediaSeconds: duration,
    signal: input.signal,
    nice: 5,
    onProgress: (seconds) => input.onProgress?.(Math.min(1, seconds / duration)),
  });
  return { duration };
}
