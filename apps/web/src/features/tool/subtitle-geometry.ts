/**
 * Where and how large the burned-in subtitles will be, figured the way the server writes its ASS, so the style
 * preview shows what the run renders:
 * - sizes (`font_size`, `outline`, `shadow`) count on a picture whose short side is 288 lines and scale with the
 *   video's short side; libass makes a font's Windows ascent plus descent equal that size, which for the Noto CJK
 *   faces is 1.448 (sans) or 1.437 (serif) of the em a browser's `font-size` means, and one line of it is that tall;
 * - `subtitle_y` is the percent of the height, from the top, of the block's bottom edge, kept inside the safe area
 *   with room for two lines of each language;
 * - `subtitle_x` anchors the text and `alignment` says which side of it sits there, inside the safe area's width.
 * Every figure is in pixels of the video; the preview divides by the video's width to draw at any size.
 */
import type { SubtitleAlignment, SubtitleEffectStyle, SubtitleFont, TranslateConfig } from '@cc/contracts';

export interface FrameSize {
  width: number;
  height: number;
}

/** The short side sizes are counted on (ASS's default PlayResY). */
export const FONT_SIZE_REFERENCE_LINES = 288;
/** The original line under the translation, as a share of its size. */
export const ORIGINAL_SIZE_SHARE = 0.75;
/** The em of each face as a share of its ASS size (units per em over Windows ascent plus descent). */
export const EM_SHARE: Record<SubtitleFont, number> = {
  'Noto Sans CJK SC': 1000 / (1160 + 288),
  'Noto Serif CJK SC': 1000 / (1151 + 286),
};

export type GeometryConfig = Pick<
  TranslateConfig,
  'font' | 'font_size' | 'outline' | 'shadow' | 'subtitle_type' | 'subtitle_x' | 'subtitle_y' | 'alignment'
>;

export interface SubtitleGeometry {
  /** ASS sizes: the translation's and the original's line heights. */
  mainSize: number;
  secondSize: number | null;
  /** `font-size` of each (the em). */
  mainFontSize: number;
  secondFontSize: number | null;
  outline: number;
  shadow: number;
  /** The text box: its left and right edges' distances from the picture's sides. */
  marginL: number;
  marginR: number;
  /** The block's bottom edge above the picture's bottom. */
  marginV: number;
  align: SubtitleAlignment;
}

/** Pixels from each edge that subtitles keep clear of (portrait pictures keep room for the platforms' buttons). */
export function safeArea({ width, height }: FrameSize) {
  if (height > width) return { left: width * 0.1, right: width * 0.1, top: height * 0.1, bottom: height * 0.15 };
  return { left: width * 0.05, right: width * 0.05, top: height * 0.05, bottom: height * 0.05 };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const round1 = (value: number) => Math.round(value * 10) / 10;

function horizontalMargins(config: GeometryConfig, video: FrameSize) {
  const safe = safeArea(video);
  const left = safe.left;
  const right = video.width - safe.right;
  const least = (right - left) / 2;
  const x = config.subtitle_x * video.width;
  let box: [number, number];
  if (config.alignment === 'left') box = [clamp(x, left, right - least), right];
  else if (config.alignment === 'right') box = [left, clamp(x, left + least, right)];
  else {
    const centre = clamp(x, left + least / 2, right - least / 2);
    const half = Math.min(centre - left, right - centre);
    box = [centre - half, centre + half];
  }
  return { marginL: Math.ceil(box[0]), marginR: Math.ceil(video.width - box[1]) };
}

export function subtitleGeometry(config: GeometryConfig, video: FrameSize): SubtitleGeometry {
  const scale = Math.min(video.width, video.height) / FONT_SIZE_REFERENCE_LINES;
  const outline = round1(config.outline * scale);
  const shadow = round1(config.shadow * scale);
  const mainSize = Math.round(config.font_size * scale);
  const bilingual = config.subtitle_type === 'double';
  const secondSize = bilingual ? Math.round(mainSize * ORIGINAL_SIZE_SHARE) : null;
  const safe = safeArea(video);
  const tallest = 2 * mainSize + (secondSize ? 2 * secondSize : 0) + 2 * outline + shadow;
  const lowest = Math.ceil(safe.bottom);
  const highest = Math.floor(video.height - safe.top - tallest);
  const wanted = Math.round((video.height * (100 - config.subtitle_y)) / 100);
  const em = EM_SHARE[config.font];
  return {
    mainSize,
    secondSize,
    mainFontSize: mainSize * em,
    secondFontSize: secondSize === null ? null : secondSize * em,
    outline,
    shadow,
    ...horizontalMargins(config, video),
    marginV: Math.max(lowest, Math.min(highest, wanted)),
    align: config.alignment,
  };
}

/** The band blurred over burned-in source subtitles: its top and height in percent, kept inside the picture. */
export function coverBandBox(band: { y: number; height: number }): { top: number; height: number } {
  const height = clamp(band.height, 0, 100);
  return { top: clamp(band.y - height / 2, 0, 100 - height), height };
}

/** Outline and shadow colours of each effect preset (the ASS's), and whether it is a box behind the text. */
export const EFFECT_PAINT: Record<SubtitleEffectStyle, { outline: string; back: string; box: boolean }> = {
  black: { outline: 'rgb(0, 0, 0)', back: 'rgba(0, 0, 0, 0.5)', box: false },
  white: { outline: 'rgb(255, 255, 255)', back: 'rgba(0, 0, 0, 0.5)', box: false },
  gray: { outline: 'rgb(64, 64, 64)', back: 'rgba(0, 0, 0, 0.5)', box: false },
  // The ASS's BorderStyle 3: a box in the outline colour (alpha 0x60: 62 % opaque), padded by the outline width.
  box: { outline: 'rgba(0, 0, 0, 0.62)', back: 'rgba(0, 0, 0, 0.5)', box: true },
};

/**
 * `text-shadow` drawing an outline of `outline` and a shadow offset by `shadow` (any CSS length unit): the outline
 * as copies of the glyphs around a circle, dense enough to look solid, then the shadow under them.
 */
export function outlineTextShadow(
  style: SubtitleEffectStyle,
  outline: number,
  shadow: number,
  unit: (length: number) => string,
): string {
  const paint = EFFECT_PAINT[style];
  const layers: string[] = [];
  if (!paint.box && outline > 0) {
    const steps = 16;
    for (let i = 0; i < steps; i += 1) {
      const angle = (2 * Math.PI * i) / steps;
      const dx = round3(Math.cos(angle) * outline);
      const dy = round3(Math.sin(angle) * outline);
      layers.push(`${unit(dx)} ${unit(dy)} 0 ${paint.outline}`);
    }
  }
  if (!paint.box && shadow > 0) layers.push(`${unit(shadow)} ${unit(shadow)} 0 ${paint.back}`);
  return layers.length > 0 ? layers.join(', ') : 'none';
}

const round3 = (value: number) => Math.round(value * 1000) / 1000 || 0;

/** `#RRGGBB` at an opacity in percent, as CSS. */
export function cssColour(hex: string, opacityPercent: number): string {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return `rgba(255, 255, 255, ${clamp(opacityPercent, 0, 100) / 100})`;
  const [r, g, b] = [match[1], match[2], match[3]].map((byte) => parseInt(byte!, 16));
  return `rgba(${r}, ${g}, ${b}, ${clamp(opacityPercent, 0, 100) / 100})`;
}

/** What the preview shows before a list is loaded: a line of each language. */
export const SAMPLE_LINES: Record<'zh' | 'en', string> = {
  zh: '没想到我们还会再见面。',
  en: "I never thought we'd meet again.",
};
