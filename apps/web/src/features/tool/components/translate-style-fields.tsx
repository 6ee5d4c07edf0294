/**
 * 字幕翻译's style fields: font, size, colour and opacity, bold/italic/underline, alignment (which sets the anchor
 * `subtitle_x`), vertical position, outline and shadow, the effect preset, and the blur band over source subtitles.
 */
import { Checkbox, Radio, Switch } from '@arco-design/web-react';
import {
  COVER_BAND_HEIGHT_RANGE,
  SUBTITLE_ALIGNMENTS,
  SUBTITLE_ALIGNMENT_LABELS,
  SUBTITLE_ALIGNMENT_X,
  SUBTITLE_EFFECT_STYLES,
  SUBTITLE_EFFECT_STYLE_LABELS,
  SUBTITLE_EFFECT_WIDTH_MAX,
  SUBTITLE_FONTS,
  SUBTITLE_FONT_LABELS,
  SUBTITLE_FONT_SIZE_RANGE,
  type SubtitleAlignment,
  type SubtitleEffectStyle,
  type SubtitleFont,
} from '@cc/contracts';
import { useId, type ReactNode } from 'react';
import { LabelledSlider } from '../../../components/arco-a11y/labelled-slider';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import { COVER_BAND_START, type TranslateForm } from '../translate-form';
import pageStyles from '../tool-page.module.css';
import styles from '../translate.module.css';

const t = toolText.translate;

function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  const id = useId();
  return (
    <div className={pageStyles.field} role="group" aria-labelledby={id}>
      <div className={pageStyles.label} id={id}>
        {label}
      </div>
      {children}
      {hint && <div className={pageStyles.muted}>{hint}</div>}
    </div>
  );
}

/** A slider with its value beside it. */
function RangeField({
  label,
  value,
  min,
  max,
  step = 1,
  unit = '',
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  unit?: string;
  onChange: (value: number) => void;
}) {
  return (
    <Field label={label}>
      <div className={styles.sliderRow}>
        <LabelledSlider
          label={label}
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={(v) => onChange(Number(v))}
          className={styles.slider}
        />
        <span className={styles.sliderValue}>
          {value}
          {unit}
        </span>
      </div>
    </Field>
  );
}

export function TranslateStyleFields({
  form,
  onChange,
}: {
  form: TranslateForm;
  onChange: (patch: Partial<TranslateForm>) => void;
}) {
  return (
    <div className={styles.styleFields}>
      <Field label={t.font}>
        <Radio.Group
          type="button"
          aria-label={t.font}
          value={form.font}
          onChange={(font: SubtitleFont) => onChange({ font })}
        >
          {SUBTITLE_FONTS.map((font) => (
            <Radio key={font} value={font}>
              {SUBTITLE_FONT_LABELS[font]}
            </Radio>
          ))}
        </Radio.Group>
      </Field>
      <RangeField
        label={t.fontSize}
        value={form.font_size}
        min={SUBTITLE_FONT_SIZE_RANGE.min}
        max={SUBTITLE_FONT_SIZE_RANGE.max}
        onChange={(font_size) => onChange({ font_size })}
      />
      <div className={styles.twoColumns}>
        <Field label={t.fontColor}>
          <label className={styles.colour}>
            <input
              type="color"
              aria-label={t.fontColor}
              value={form.font_color.toLowerCase()}
              onChange={(event) => onChange({ font_color: event.target.value.toUpperCase() })}
            />
            <span>{form.font_color.toUpperCase()}</span>
          </label>
        </Field>
        <RangeField
          label={t.opacity}
          value={form.font_color_opacity}
          min={0}
          max={100}
          unit="%"
          onChange={(font_color_opacity) => onChange({ font_color_opacity })}
        />
      </div>
      <Field label={t.textStyle}>
        <div className={pageStyles.inlineFields}>
          <Checkbox checked={form.bold} onChange={(bold: boolean) => onChange({ bold })}>
            {t.bold}
          </Checkbox>
          <Checkbox checked={form.italic} onChange={(italic: boolean) => onChange({ italic })}>
            {t.italic}
          </Checkbox>
          <Checkbox checked={form.underline} onChange={(underline: boolean) => onChange({ underline })}>
            {t.underline}
          </Checkbox>
        </div>
      </Field>
      <Field label={t.alignment}>
        <Radio.Group
          type="button"
          aria-label={t.alignment}
          value={form.alignment}
          onChange={(alignment: SubtitleAlignment) =>
            onChange({ alignment, subtitle_x: SUBTITLE_ALIGNMENT_X[alignment] })
          }
        >
          {SUBTITLE_ALIGNMENTS.map((alignment) => (
            <Radio key={alignment} value={alignment}>
              {SUBTITLE_ALIGNMENT_LABELS[alignment]}
            </Radio>
          ))}
        </Radio.Group>
      </Field>
      <RangeField
        label={t.position}
        value={form.subtitle_y}
        min={0}
        max={100}
        unit="%"
        onChange={(subtitle_y) => onChange({ subtitle_y })}
      />
      <div className={styles.twoColumns}>
        <RangeField
          label={t.outline}
          value={form.outline}
          min={0}
          max={SUBTITLE_EFFECT_WIDTH_MAX}
          step={0.5}
          onChange={(outline) => onChange({ outline })}
        />
        <RangeField
          label={t.shadow}
          value={form.shadow}
          min={0}
          max={SUBTITLE_EFFECT_WIDTH_MAX}
          step={0.5}
          onChange={(shadow) => onChange({ shadow })}
        />
      </div>
      <Field label={t.effect}>
        <Radio.Group
          type="button"
          aria-label={t.effect}
          value={form.effect_color_style}
          onChange={(effect_color_style: SubtitleEffectStyle) => onChange({ effect_color_style })}
        >
          {SUBTITLE_EFFECT_STYLES.map((style) => (
            <Radio key={style} value={style}>
              {SUBTITLE_EFFECT_STYLE_LABELS[style]}
            </Radio>
          ))}
        </Radio.Group>
      </Field>
      <Field label={t.coverBand} hint={t.coverBandHint}>
        <Switch
          aria-label={t.coverBand}
          checked={form.cover_band !== null}
          onChange={(on: boolean) => onChange({ cover_band: on ? { ...COVER_BAND_START } : null })}
        />
      </Field>
      {form.cover_band && (
        <div className={styles.twoColumns}>
          <RangeField
            label={t.coverBandY}
            value={form.cover_band.y}
            min={0}
            max={100}
            unit="%"
            onChange={(y) => onChange({ cover_band: { ...form.cover_band!, y } })}
          />
          <RangeField
            label={t.coverBandHeight}
            value={form.cover_band.height}
            min={COVER_BAND_HEIGHT_RANGE.min}
            max={COVER_BAND_HEIGHT_RANGE.max}
            unit="%"
            onChange={(height) => onChange({ cover_band: { ...form.cover_band!, height } })}
          />
        </div>
      )}
    </div>
  );
}
