/**
 * Text widths as libass will draw them: the subtitle font's own advances and kerning (fontkit reads the face out of
 * the Noto CJK collection), at libass's scale. libass, like VSFilter, sizes a font so that its Windows ascent plus
 * descent equal the style's Fontsize: one font unit is `Fontsize / (winAscent + winDescent)` pixels when PlayRes is
 * the video's size (checked against a rendered frame in the tests).
 */
import type { SubtitleFont } from '@cc/contracts';
import * as fontkit from 'fontkit';

/** Debian's fonts-noto-cjk: the burner's `fontsdir`, and where the faces measured here come from. */
export const SUBTITLE_FONTS_DIR = '/usr/share/fonts/opentype/noto';

/** The simplified Chinese face of each collection, regular and bold. */
const FACES: Record<SubtitleFont, { file: string; postscript: string; boldFile: string; boldPostscript: string }> = {
  'Noto Sans CJK SC': {
    file: 'NotoSansCJK-Regular.ttc',
    postscript: 'NotoSansCJKsc-Regular',
    boldFile: 'NotoSansCJK-Bold.ttc',
    boldPostscript: 'NotoSansCJKsc-Bold',
  },
  'Noto Serif CJK SC': {
    file: 'NotoSerifCJK-Regular.ttc',
    postscript: 'NotoSerifCJKsc-Regular',
    boldFile: 'NotoSerifCJK-Bold.ttc',
    boldPostscript: 'NotoSerifCJKsc-Bold',
  },
};

/** libass slants a face that has no italic by this shear, so the last glyph overhangs its advance. */
const SYNTHETIC_ITALIC_SHEAR = 0x5700 / 0x10000;

export interface TextMeasurer {
  /** Pixels `text` advances at ASS font size `size` (one line, kerning applied). */
  width(text: string, size: number): number;
  /** Pixels from one baseline to the next at `size`. */
  lineHeight(size: number): number;
  /** Pixels the synthetic italic's last glyph reaches past the advance at `size`. */
  italicOverhang(size: number): number;
}

const faces = new Map<string, fontkit.Font>();

function openFace(file: string, postscript: string): fontkit.Font {
  const key = `${file}#${postscript}`;
  let face = faces.get(key);
  if (!face) {
    const opened = fontkit.openSync(`${SUBTITLE_FONTS_DIR}/${file}`, postscript);
    if (!('layout' in opened)) throw new Error(`${postscript} is not in ${file}`);
    face = opened;
    faces.set(key, face);
  }
  return face;
}

/** Widths already measured, per face, in units of the size (a subtitle repeats the same characters). */
const CACHE_LIMIT = 50_000;

/** The measurer of the face libass picks for this font and weight (the collection is read once per process). */
export function subtitleFontMeasurer(font: SubtitleFont, bold: boolean): TextMeasurer {
  const faceInfo = FACES[font];
  const face = bold
    ? openFace(faceInfo.boldFile, faceInfo.boldPostscript)
    : openFace(faceInfo.file, faceInfo.postscript);
  const os2 = face['OS/2'];
  const cellUnits =
    os2 && os2.winAscent + os2.winDescent > 0 ? os2.winAscent + os2.winDescent : face.ascent - face.descent;
  const ascentShare = (os2?.winAscent ?? face.ascent) / cellUnits;
  const lineShare = (face.hhea.ascent - face.hhea.descent) / cellUnits;
  const cache = new Map<string, number>();
  return {
    width(text, size) {
      let share = cache.get(text);
      if (share === undefined) {
        share = face.layout(text).advanceWidth / cellUnits;
        if (cache.size >= CACHE_LIMIT) cache.clear();
        cache.set(text, share);
      }
      return share * size;
    },
    lineHeight: (size) => lineShare * size,
    italicOverhang: (size) => SYNTHETIC_ITALIC_SHEAR * ascentShare * size,
  };
}
