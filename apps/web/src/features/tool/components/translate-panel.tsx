/**
 * 字幕翻译 (tool id `translate`): a video (and optionally a subtitle file of the library), the languages, bilingual
 * or translation only, dubbing with a voice, the subtitle style beside its live preview, the subtitle list to
 * generate and correct (sent as the run's `cues` once loaded), the glossary, then the price and the run. When the
 * services it needs are not configured the panel says why and does not run.
 */
import { Alert, Button, Radio, Select, Switch } from '@arco-design/web-react';
import { IconBook, IconSwap } from '@arco-design/web-react/icon';
import {
  SUBTITLE_LANGUAGES,
  SUBTITLE_LANGUAGE_LABELS,
  SUBTITLE_ORIGIN_TEXT,
  SUBTITLE_TYPES,
  SUBTITLE_TYPE_LABELS,
  type CreateJobInput,
  type Media,
  type SubtitleLanguage,
  type SubtitleType,
  type TranslateSubtitles,
} from '@cc/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { LabelledProgress } from '../../../components/arco-a11y/labelled-progress';
import { EmptyState } from '../../../components/empty-state';
import { fillText } from '../../../lib/fill-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import { useTools } from '../api/get-tools';
import { followSubtitles, useVoices } from '../api/translate';
import { cueRowsOf, cuesOfRows, type CueRow } from '../cue-time';
import { SAMPLE_LINES } from '../subtitle-geometry';
import pageStyles from '../tool-page.module.css';
import { INITIAL_TRANSLATE_FORM, swapLanguages, type TranslateForm } from '../translate-form';
import styles from '../translate.module.css';
import { CueList } from './cue-list';
import { GlossaryDrawer } from './glossary-drawer';
import { MediaPicker } from './media-picker';
import { RunBar } from './run-bar';
import { SubtitlePreview } from './subtitle-preview';
import { TranslateStyleFields } from './translate-style-fields';

const t = toolText.translate;

/** The subtitle list of one video, subtitle file and pair of languages, as last answered, with the creator's edits. */
interface SubtitleList {
  key: string;
  answer: Omit<TranslateSubtitles, 'cues'>;
  rows: CueRow[];
}

export function TranslatePanel({ onCreated }: { onCreated: (jobId: string) => void }) {
  const titleId = useId();
  const [video, setVideo] = useState<Media[]>([]);
  const [subtitleFile, setSubtitleFile] = useState<Media[]>([]);
  const [form, setForm] = useState<TranslateForm>(INITIAL_TRANSLATE_FORM);
  const change = (patch: Partial<TranslateForm>) => setForm((current) => ({ ...current, ...patch }));
  const [glossaryOpen, setGlossaryOpen] = useState(false);
  const tools = useTools();
  const voices = useVoices();
  const info = tools.data?.find((tool) => tool.id === 'translate');
  const unavailable = info && !info.available ? (info.unavailable_reason ?? toolText.comingSoon) : null;

  const videoId = video[0]?.id ?? null;
  const subtitleMediaId = subtitleFile[0]?.id ?? null;
  const listKey = JSON.stringify([videoId, subtitleMediaId, form.source_language, form.target_language]);
  const [list, setList] = useState<SubtitleList | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const stop = useRef<AbortController | null>(null);
  useEffect(() => () => stop.current?.abort(), []);
  const current = list?.key === listKey ? list : null;
  const stale = list !== null && current === null;

  async function generate() {
    if (videoId === null) return;
    stop.current?.abort();
    const controller = new AbortController();
    stop.current = controller;
    const key = listKey;
    setGenerating(true);
    setListError(null);
    try {
      const result = await followSubtitles(
        {
          media_id: videoId,
          subtitle_media_id: subtitleMediaId,
          source_language: form.source_language,
          target_language: form.target_language,
        },
        ({ cues, ...answer }) =>
          setList((previous) => ({
            key,
            answer,
            // Edits made while it was working are not there to keep: the list arrives when it is ready.
            rows: previous?.key === key && answer.status !== 'ready' ? previous.rows : cueRowsOf(cues),
          })),
        controller.signal,
      );
      if (result && 'error' in result) setListError(result.error || toolText.jobs.failed);
    } finally {
      if (stop.current === controller) setGenerating(false);
    }
  }

  const ready = current?.answer.status === 'ready' ? current : null;
  const reviewed = useMemo(() => (ready ? cuesOfRows(ready.rows) : null), [ready]);
  const job = useMemo<CreateJobInput | null>(() => {
    if (videoId === null || unavailable) return null;
    if (reviewed && ('error' in reviewed || reviewed.cues.length === 0)) return null;
    return {
      tool: 'translate',
      media_ids: [videoId],
      config: {
        ...form,
        subtitle_media_id: subtitleMediaId,
        ...(reviewed && 'cues' in reviewed && { cues: reviewed.cues }),
      },
    };
  }, [videoId, subtitleMediaId, form, reviewed, unavailable]);
  // The quote follows the form once typing stops (every edit of a line would otherwise ask for a price).
  const settledJob = useDebouncedValue(job, 400);

  let hint: string | undefined;
  if (unavailable) hint = unavailable;
  else if (videoId === null) hint = t.needVideo;
  else if (reviewed && 'error' in reviewed) hint = fillText(t.rowError, reviewed);
  else if (reviewed && reviewed.cues.length === 0) hint = t.noRows;

  const first = ready?.rows.find((row) => row.translation.trim() || row.text.trim());
  const previewLines = first
    ? { translation: first.translation, original: first.text }
    : { translation: SAMPLE_LINES[form.target_language], original: SAMPLE_LINES[form.source_language] };

  const chooseSource = (source_language: SubtitleLanguage) =>
    setForm((f) => (source_language === f.target_language ? swapLanguages(f) : { ...f, source_language }));
  const chooseTarget = (target_language: SubtitleLanguage) =>
    setForm((f) => (target_language === f.source_language ? swapLanguages(f) : { ...f, target_language }));

  return (
    <section className={pageStyles.panel} aria-labelledby={titleId}>
      <header className={pageStyles.panelHeader}>
        <h2 id={titleId}>{t.title}</h2>
        <Button icon={<IconBook />} onClick={() => setGlossaryOpen(true)}>
          {t.glossary}
        </Button>
      </header>
      <p className={pageStyles.intro}>{t.intro}</p>
      {unavailable && <Alert type="warning" content={unavailable} />}
      <MediaPicker value={video} onChange={setVideo} max={1} />
      <div data-tour="config" className={pageStyles.configGroup}>
        <div className={pageStyles.field}>
          <div className={pageStyles.label}>{t.languages}</div>
          <div className={styles.languages}>
            <Select
              aria-label={t.sourceLanguage}
              value={form.source_language}
              onChange={chooseSource}
              className={styles.language}
            >
              {SUBTITLE_LANGUAGES.map((language) => (
                <Select.Option key={language} value={language}>
                  {SUBTITLE_LANGUAGE_LABELS[language]}
                </Select.Option>
              ))}
            </Select>
            <Button
              shape="circle"
              icon={<IconSwap />}
              aria-label={t.swap}
              title={t.swap}
              onClick={() => setForm(swapLanguages)}
            />
            <Select
              aria-label={t.targetLanguage}
              value={form.target_language}
              onChange={chooseTarget}
              className={styles.language}
            >
              {SUBTITLE_LANGUAGES.map((language) => (
                <Select.Option key={language} value={language}>
                  {SUBTITLE_LANGUAGE_LABELS[language]}
                </Select.Option>
              ))}
            </Select>
          </div>
        </div>
        <div className={pageStyles.field}>
          <div className={pageStyles.label}>{t.subtitleType}</div>
          <Radio.Group
            type="button"
            aria-label={t.subtitleType}
            value={form.subtitle_type}
            onChange={(subtitle_type: SubtitleType) => change({ subtitle_type })}
          >
            {SUBTITLE_TYPES.map((type) => (
              <Radio key={type} value={type}>
                {SUBTITLE_TYPE_LABELS[type]}
              </Radio>
            ))}
          </Radio.Group>
        </div>
        <div className={pageStyles.field}>
          <div className={pageStyles.label}>{t.dubbing}</div>
          <div className={pageStyles.inlineFields}>
            <Switch
              aria-label={t.dubbing}
              checked={form.need_speech_translate}
              onChange={(need_speech_translate: boolean) => change({ need_speech_translate })}
            />
            {form.need_speech_translate && (
              <Select
                aria-label={t.voice}
                className={styles.voice}
                value={form.speech_voice ?? ''}
                loading={voices.isPending}
                onChange={(voice: string) => change({ speech_voice: voice || null })}
              >
                <Select.Option value="">{t.defaultVoice}</Select.Option>
                {voices.data?.map((voice) => (
                  <Select.Option key={voice.id} value={voice.id}>
                    {voice.builtin ? fillText(t.builtinVoice, { name: voice.name }) : voice.name}
                  </Select.Option>
                ))}
              </Select>
            )}
          </div>
          <div className={pageStyles.muted}>{t.dubbingHint}</div>
        </div>
        <div className={pageStyles.field}>
          <div className={pageStyles.label}>{t.subtitleFile}</div>
          <MediaPicker
            value={subtitleFile}
            onChange={setSubtitleFile}
            max={1}
            type="subtitle"
            openLabel={t.pickSubtitleFile}
          />
          <div className={pageStyles.muted}>{t.subtitleFileHint}</div>
        </div>
      </div>

      <div className={styles.styleGrid}>
        <div className={styles.styleColumn}>
          <h3 className={styles.subtitle}>{t.style}</h3>
          <TranslateStyleFields form={form} onChange={change} />
        </div>
        <div className={styles.previewColumn}>
          <SubtitlePreview form={form} video={video[0] ?? null} lines={previewLines} />
        </div>
      </div>

      <div className={styles.listHeader}>
        <h3 className={styles.subtitle}>{t.list}</h3>
        <Button
          type={videoId !== null && !ready ? 'primary' : 'outline'}
          disabled={videoId === null || unavailable !== null}
          loading={generating}
          onClick={() => void generate()}
        >
          {current ? t.regenerate : t.generate}
        </Button>
      </div>
      {stale && !generating && <Alert type="info" content={t.listStale} />}
      {listError && (
        <Alert
          type="error"
          content={listError}
          action={
            <Button size="mini" onClick={() => void generate()}>
              {t.retry}
            </Button>
          }
        />
      )}
      {current?.answer.status === 'working' && (
        <div className={pageStyles.muted} role="status">
          {fillText(t.generating, { progress: current.answer.progress })}
          <LabelledProgress label={t.list} percent={current.answer.progress} size="small" />
        </div>
      )}
      {current?.answer.status === 'failed' && (
        <Alert
          type="error"
          content={fillText(t.failed, { error: current.answer.error ?? toolText.jobs.failed })}
          action={
            <Button size="mini" onClick={() => void generate()}>
              {t.retry}
            </Button>
          }
        />
      )}
      {ready && (
        <>
          {ready.answer.origin && (
            <div className={pageStyles.muted}>
              {fillText(t.origin, { origin: SUBTITLE_ORIGIN_TEXT[ready.answer.origin] })}
            </div>
          )}
          {ready.rows.length === 0 ? (
            <EmptyState description={t.noCues} hint={t.noRows} />
          ) : (
            <CueList rows={ready.rows} onChange={(rows) => setList({ ...ready, rows })} />
          )}
        </>
      )}
      {!current && !generating && !listError && <EmptyState description={t.listEmpty} hint={t.listEmptyHint} />}

      <RunBar
        job={job && settledJob}
        pending={job !== settledJob}
        label={t.run}
        hint={hint ?? (ready ? undefined : t.runHint)}
        onCreated={onCreated}
      />
      <GlossaryDrawer visible={glossaryOpen} onClose={() => setGlossaryOpen(false)} />
    </section>
  );
}
