/**
 * The live style preview of 字幕翻译: the chosen video's poster (a dark frame before one is chosen) at the video's
 * proportions, with a translated line (and its original in bilingual subtitles) drawn in CSS where and as the
 * burned-in ASS will draw it, and the blur band over source subtitles. The frame is a size container, so figures in
 * the video's pixels become `cqw` and the preview draws at any width.
 */
import type { Media } from '@cc/contracts';
import type { CSSProperties } from 'react';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import {
  EFFECT_PAINT,
  coverBandBox,
  cssColour,
  outlineTextShadow,
  subtitleGeometry,
  type FrameSize,
} from '../subtitle-geometry';
import type { TranslateForm } from '../translate-form';
import styles from '../translate.module.css';

const t = toolText.translate;
/** A portrait short video, until a video is chosen. */
const DEFAULT_FRAME: FrameSize = { width: 720, height: 1280 };

const FONT_STACKS: Record<TranslateForm['font'], string> = {
  'Noto Sans CJK SC': `'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei', sans-serif`,
  'Noto Serif CJK SC': `'Noto Serif CJK SC', 'Source Han Serif SC', 'Songti SC', 'SimSun', serif`,
};

export function SubtitlePreview({
  form,
  video,
  lines,
}: {
  form: TranslateForm;
  video: Media | null;
  /** The translation and the original shown (the first cue's, or a sample). */
  lines: { translation: string; original: string };
}) {
  const frame = video && video.width > 0 && video.height > 0 ? video : DEFAULT_FRAME;
  const g = subtitleGeometry(form, frame);
  const unit = (px: number) => `${Math.round((px / frame.width) * 100 * 1000) / 1000}cqw`;
  const paint = EFFECT_PAINT[form.effect_color_style];
  const textShadow = outlineTextShadow(form.effect_color_style, g.outline, g.shadow, unit);
  const lineStyle = (fontSize: number, lineHeight: number): CSSProperties => ({
    fontSize: unit(fontSize),
    lineHeight: unit(lineHeight),
    textShadow,
    ...(paint.box && {
      background: paint.outline,
      padding: `0 ${unit(g.outline)}`,
      boxShadow: g.shadow > 0 ? `${unit(g.shadow)} ${unit(g.shadow)} 0 ${paint.back}` : undefined,
    }),
  });
  const band = form.cover_band ? coverBandBox(form.cover_band) : null;
  const bilingual = g.secondSize !== null && g.secondFontSize !== null && lines.original.trim() !== '';

  return (
    <figure className={styles.preview} aria-label={t.preview}>
      <div
        className={styles.frame}
        style={
          {
            aspectRatio: `${frame.width} / ${frame.height}`,
            '--frame-ratio': frame.width / frame.height,
          } as CSSProperties
        }
      >
        {video?.poster_url && <img src={video.poster_url} alt="" className={styles.framePoster} />}
        {band && <div className={styles.band} style={{ top: `${band.top}%`, height: `${band.height}%` }} />}
        <div
          className={styles.subtitleBlock}
          style={{
            left: unit(g.marginL),
            right: unit(g.marginR),
            bottom: `${(g.marginV / frame.height) * 100}%`,
            textAlign: g.align,
            fontFamily: FONT_STACKS[form.font],
            color: cssColour(form.font_color, form.font_color_opacity),
            fontWeight: form.bold ? 700 : 400,
            fontStyle: form.italic ? 'italic' : 'normal',
            textDecoration: form.underline ? 'underline' : 'none',
          }}
        >
          <div>
            <span style={lineStyle(g.mainFontSize, g.mainSize)}>{lines.translation}</span>
          </div>
          {bilingual && (
            <div>
              <span style={lineStyle(g.secondFontSize!, g.secondSize!)}>{lines.original}</span>
            </div>
          )}
        </div>
      </div>
      <figcaption className={styles.previewNote}>{t.previewNote}</figcaption>
    </figure>
  );
}
