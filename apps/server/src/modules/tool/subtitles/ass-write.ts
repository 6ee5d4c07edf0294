/**
 * The ASS file of a translation, written from cues and the translate config. Decisions (the config's fields have
 * no units of their own):
 * - PlayResX/Y are the video's size, so every figure below is a pixel of the video.
 * - `font_size` (and `outline`, `shadow`) count on a picture whose short side is 288 lines, ASS's own default
 *   PlayResY, and scale with the video's short side: 22 is 55 px on a 1280 × 720 video and on a 720 × 1280 one,
 *   about 16 Chinese characters across a portrait picture's safe width.
 * - `subtitle_y` is the percent of the height, from the top, where the subtitle block's bottom edge sits: with
 *   bottom alignment, MarginV (the distance from the picture's bottom to the block's) is `(100 − y) %` of the
 *   height, kept inside the safe area with room for the tallest block (two lines of each language).
 * - `subtitle_x` anchors the text across the width (0 the left edge, 0.5 the middle, 0.9999 the right edge);
 *   `alignment` says which side of the text sits at the anchor. MarginL/MarginR frame a box inside the safe area
 *   at least half its width.
 * - `font_color_opacity` 100 is opaque: the alpha byte of `&HAABBGGRR` is `(100 − opacity) × 255 / 100`.
 * - `effect_color_style` names the outline and shadow colours, or a translucent box behind the text.
 * - Bilingual (`double`): one event per cue, the translation first and the original under it after `{\rOriginal}`,
 *   a second style at three quarters of the size, so the two languages never collide or drift apart.
 * - Lines are ours (line-break.ts, `WrapStyle: 2`); user text is escaped so it can never open an override tag.
 */
import type { SubtitleAlignment, SubtitleEffectStyle, TranslateConfig } from '@cc/contracts';
import { assClock, type Cue } from './cue.js';
import { subtitleFontMeasurer, type TextMeasurer } from './font-metrics.js';
import { type FrameSize, layoutCue, type LineBox, safeArea } from './line-break.js';

/** A cue of the translation with the line it translates (shown under it in bilingual subtitles). */
export interface SubtitleCue extends Cue {
  original?: string | null;
}

/** The short side of the picture `font_size`, `outline` and `shadow` are counted on. */
export const FONT_SIZE_REFERENCE_LINES = 288;
/** The original line's size in bilingual subtitles, as a share of the translation's. */
export const ORIGINAL_SIZE_SHARE = 0.75;
export const TRANSLATION_STYLE = 'Translation';
export const ORIGINAL_STYLE = 'Original';

/** `&HAABBGGRR` of `#RRGGBB` with an opacity in percent (100 opaque). */
export function assColour(hex: string, opacityPercent = 100): string {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #RRGGBB colour: ${hex}`);
  const alpha = Math.round(((100 - Math.min(100, Math.max(0, opacityPercent))) * 255) / 100);
  const byte = (value: number) => value.toString(16).toUpperCase().padStart(2, '0');
  return `&H${byte(alpha)}${match[3]}${match[2]}${match[1]}`.toUpperCase();
}

/** Outline and shadow colours (and the border style) of each effect preset. */
export const EFFECT_COLOURS: Record<SubtitleEffectStyle, { outline: string; back: string; borderStyle: 1 | 3 }> = {
  black: { outline: '&H00000000', back: '&H80000000', borderStyle: 1 },
  white: { outline: '&H00FFFFFF', back: '&H80000000', borderStyle: 1 },
  gray: { outline: '&H00404040', back: '&H80000000', borderStyle: 1 },
  // BorderStyle 3: an opaque box in the outline colour (here 62 % opaque black), padded by the outline width.
  box: { outline: '&H60000000', back: '&H80000000', borderStyle: 3 },
};

/** Bottom row of the numpad alignments. */
const ALIGNMENT_CODE: Record<SubtitleAlignment, 1 | 2 | 3> = { left: 1, center: 2, right: 3 };

export interface AssStyle {
  name: string;
  fontname: string;
  fontsize: number;
  primary: string;
  outlineColour: string;
  back: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  borderStyle: 1 | 3;
  outline: number;
  shadow: number;
  alignment: 1 | 2 | 3;
  marginL: number;
  marginR: number;
  marginV: number;
}

export interface SubtitleLayout {
  video: FrameSize;
  styles: AssStyle[];
  /** The translation's font, size and line width; the original's in bilingual subtitles. */
  main: LineBox;
  second: LineBox | null;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** MarginL and MarginR from the anchor and the alignment, inside the safe area and at least half its width. */
function horizontalMargins(config: TranslateConfig, video: FrameSize) {
  const safe = safeArea(video);
  const left = safe.left;
  const right = video.width - safe.right;
  const least = (right - left) / 2;
  const x = config.subtitle_x * video.width;
  const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
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

/** The styles and line boxes of a config on a video of this size. */
export function subtitleLayout(config: TranslateConfig, video: FrameSize, measurer?: TextMeasurer): SubtitleLayout {
  const measure = measurer ?? subtitleFontMeasurer(config.font, config.bold);
  const scale = Math.min(video.width, video.height) / FONT_SIZE_REFERENCE_LINES;
  const effect = EFFECT_COLOURS[config.effect_color_style];
  const outline = round1(config.outline * scale);
  const shadow = round1(config.shadow * scale);
  const mainSize = Math.round(config.font_size * scale);
  const secondSize = Math.round(mainSize * ORIGINAL_SIZE_SHARE);
  const bilingual = config.subtitle_type === 'double';
  const { marginL, marginR } = horizontalMargins(config, video);
  // Outline on both sides, the shadow's offset on one, and a synthetic italic's slant past the last glyph.
  const decoration = (size: number) => 2 * outline + shadow + (config.italic ? measure.italicOverhang(size) : 0) + 1;
  const lineBox = (size: number): LineBox => ({
    measure,
    size,
    maxWidth: video.width - marginL - marginR - decoration(size),
  });

  const safe = safeArea(video);
  const tallest =
    2 * measure.lineHeight(mainSize) + (bilingual ? 2 * measure.lineHeight(secondSize) : 0) + 2 * outline + shadow;
  const lowest = Math.ceil(safe.bottom);
  const highest = Math.floor(video.height - safe.top - tallest);
  const wanted = Math.round((video.height * (100 - config.subtitle_y)) / 100);
  const marginV = Math.max(lowest, Math.min(highest, wanted));

  const style = (name: string, fontsize: number): AssStyle => ({
    name,
    fontname: config.font,
    fontsize,
    primary: assColour(config.font_color, config.font_color_opacity),
    outlineColour: effect.outline,
    back: effect.back,
    bold: config.bold,
    italic: config.italic,
    underline: config.underline,
    borderStyle: effect.borderStyle,
    outline,
    shadow,
    alignment: ALIGNMENT_CODE[config.alignment],
    marginL,
    marginR,
    marginV,
  });
  return {
    video,
    styles: bilingual
      ? [style(TRANSLATION_STYLE, mainSize), style(ORIGINAL_STYLE, secondSize)]
      : [style(TRANSLATION_STYLE, mainSize)],
    main: lineBox(mainSize),
    second: bilingual ? lineBox(secondSize) : null,
  };
}

/**
 * Text as ASS shows it literally: a backslash is followed by a zero-width space (so `\N`, `\h` or `\{` typed by a
 * creator stay text) and braces are escaped (libass's `\{` `\}`), so no override block can open.
 */
export function escapeAssText(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\\/g, '\\\u200b')
    .replace(/[{}]/g, (brace) => `\\${brace}`);
}

const flag = (on: boolean) => (on ? '-1' : '0');

function styleLine(style: AssStyle): string {
  return (
    `Style: ${style.name},${style.fontname},${style.fontsize},${style.primary},${style.primary},` +
    `${style.outlineColour},${style.back},${flag(style.bold)},${flag(style.italic)},${flag(style.underline)},0,` +
    `100,100,0,0,${style.borderStyle},${style.outline},${style.shadow},${style.alignment},` +
    `${style.marginL},${style.marginR},${style.marginV},1`
  );
}

/** The whole ASS file: our styles, and one event per cue part (a cue too long for two lines is split in time). */
export function writeAss(
  cues: readonly SubtitleCue[],
  config: TranslateConfig,
  video: FrameSize,
  measurer?: TextMeasurer,
): string {
  const layout = subtitleLayout(config, video, measurer);
  const events: string[] = [];
  const sorted = [...cues].sort((a, b) => a.startMs - b.startMs);
  for (const cue of sorted) {
    if (cue.endMs <= cue.startMs) continue;
    const original = layout.second && cue.original?.trim() ? cue.original : null;
    const parts = layoutCue(cue.text, original, layout.main, layout.second);
    let shown = 0;
    let from = cue.startMs;
    for (const part of parts) {
      shown += part.share;
      const to = Math.round(cue.startMs + (cue.endMs - cue.startMs) * Math.min(1, shown));
      const text = [
        part.lines.map(escapeAssText).join('\\N'),
        part.originalLines.length > 0
          ? `{\\r${ORIGINAL_STYLE}}${part.originalLines.map(escapeAssText).join('\\N')}`
          : '',
      ]
        .filter(Boolean)
        .join('\\N');
      if (text && to > from) {
        events.push(`Dialogue: 0,${assClock(from)},${assClock(to)},${TRANSLATION_STYLE},,0,0,0,,${text}`);
      }
      from = to;
    }
  }
  return [
    '[Script Info]',
    '; 创作者中心 字幕翻译',
    'ScriptType: v4.00+',
    `PlayResX: ${video.width}`,
    `PlayResY: ${video.height}`,
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    'Kerning: yes',
    'YCbCr Matrix: None',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, ' +
      'Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, ' +
      'MarginR, MarginV, Encoding',
    ...layout.styles.map(styleLine),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}
