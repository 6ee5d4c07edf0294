/** The translate form's state: the run's config without the reviewed list, starting from the contract's defaults. */
import { TRANSLATE_DEFAULTS, type TranslateConfig } from '@cc/contracts';

export type TranslateForm = Omit<TranslateConfig, 'cues'>;

export const INITIAL_TRANSLATE_FORM: TranslateForm = {
  ...TRANSLATE_DEFAULTS,
  subtitle_media_id: null,
  speech_voice: null,
  cover_band: null,
};

/** Where the blur band starts when switched on: over the bottom line, where source subtitles usually are. */
export const COVER_BAND_START = { y: 85, height: 10 } as const;

/** The languages swapped (the translation becomes the original). */
export function swapLanguages(form: TranslateForm): TranslateForm {
  return { ...form, source_language: form.target_language, target_language: form.source_language };
}
