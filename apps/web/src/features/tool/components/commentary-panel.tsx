/**
 * 影视解说: episodes (preselected from `?media=1,2`), style, voice, music, effects, subtitle height and outputs; then
 * the narration script to review — each line's words editable, its shots as time ranges with thumbnails, lines
 * moved or removed — or an earlier job's script; then the price and the run. Unavailable (no language service) says
 * why and runs nothing.
 */
import {
  Alert,
  Button,
  Input,
  InputNumber,
  Message,
  Progress,
  Radio,
  Select,
  Slider,
  Switch,
} from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconDelete } from '@arco-design/web-react/icon';
import {
  COMMENTARY_DEFAULTS,
  COMMENTARY_MUSIC_STYLES,
  MAX_JOB_MEDIA,
  MAX_OUTPUT_COUNT,
  MUSIC_STYLE_LABELS,
  SCRIPT_LINE_MAX_CHARS,
  SPEECH_STYLES,
  SPEECH_STYLE_LABELS,
  type CommentaryMusicStyle,
  type CommentaryScript,
  type CreateJobInput,
  type Media,
  type ScriptClip,
  type ScriptLine,
  type SpeechStyle,
  mediaApi,
} from '@cc/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../../lib/api-client';
import { fillText } from '../../../lib/fill-text';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { toastFailure } from '../../../lib/toast';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import { jobScript, useMusicStyles, useVoices, writeScript } from '../api/commentary';
import { useJobs } from '../api/get-jobs';
import { useTools } from '../api/get-tools';
import styles from '../tool-page.module.css';
import { mediaIdsOf } from '../media-query';
import { moveClip } from '../timeline';
import { MediaPicker } from './media-picker';
import { RunBar } from './run-bar';

const t = toolText.commentary;
const THUMB_WIDTH = 64;

/** A still of `media` at `time`: its sprite's tile, else its poster. */
function ShotThumb({ media, time }: { media: Media | undefined; time: number }) {
  if (!media) return null;
  const sprite = media.sprite;
  if (!sprite) return <img className={styles.shotThumb} src={media.poster_url} alt="" width={THUMB_WIDTH} />;
  const scale = THUMB_WIDTH / sprite.width;
  const index = Math.min(sprite.count - 1, Math.max(0, Math.floor(time / sprite.interval)));
  const col = index % sprite.cols;
  const row = Math.floor(index / sprite.cols);
  return (
    <span
      className={styles.shotThumb}
      aria-hidden
      style={{
        width: THUMB_WIDTH,
        height: Math.round(sprite.height * scale),
        backgroundImage: `url(${sprite.url})`,
        backgroundSize: `${sprite.cols * sprite.width * scale}px ${sprite.rows * sprite.height * scale}px`,
        backgroundPosition: `${-col * sprite.width * scale}px ${-row * sprite.height * scale}px`,
      }}
    />
  );
}

function ShotList({ clips, media }: { clips: ScriptClip[]; media: Map<number, Media> }) {
  return (
    <ul className={styles.shotList} aria-label={t.shots}>
      {clips.map((clip) => (
        <li key={`${clip.media_id}-${clip.start}-${clip.end}`} className={styles.shot}>
          <ShotThumb media={media.get(clip.media_id)} time={(clip.start + clip.end) / 2} />
          <span className={styles.muted}>
            {media.get(clip.media_id)?.name ?? clip.media_id} · {formatDuration(clip.start)}–{formatDuration(clip.end)}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function CommentaryPanel({ onCreated }: { onCreated: (jobId: string) => void }) {
  const titleId = useId();
  const [params] = useSearchParams();
  const [media, setMedia] = useState<Media[]>([]);
  const [style, setStyle] = useState<SpeechStyle>(COMMENTARY_DEFAULTS.speech_style);
  const [voice, setVoice] = useState<string | null>(null);
  const [music, setMusic] = useState<CommentaryMusicStyle>(COMMENTARY_DEFAULTS.background_music_style);
  const musicStyles = useMusicStyles();
  // The first track of the style: what the first output is laid over (later outputs take the next tracks).
  const musicTrack =
    music === 'none' ? null : (musicStyles.data?.find((entry) => entry.style === music)?.tracks[0] ?? null);
  const [vfx, setVfx] = useState<boolean>(COMMENTARY_DEFAULTS.allow_vfx_effect);
  const [posY, setPosY] = useState<number>(COMMENTARY_DEFAULTS.subtitle_pos_y);
  const [outputCount, setOutputCount] = useState<number>(COMMENTARY_DEFAULTS.output_count);
  // A script belongs to the media and style it was written for.
  const [script, setScript] = useState<{ key: string; answer: CommentaryScript; lines: ScriptLine[] } | null>(null);
  const [writing, setWriting] = useState(false);
  const stop = useRef<AbortController | null>(null);
  const voices = useVoices();
  const tools = useTools();
  const history = useJobs('commentary', 1);
  const info = tools.data?.find((tool) => tool.id === 'commentary');

  // `?media=1,2` (the parse page sends creators here with their episodes) chooses those media once.
  const preselect = params.get('media');
  useEffect(() => {
    const ids = mediaIdsOf(preselect);
    if (ids.length === 0) return;
    let live = true;
    void Promise.all(ids.map((id) => call(mediaApi.one, { params: { id } }))).then((answers) => {
      if (!live) return;
      const found = answers.flatMap((a) => (a.code === 0 && a.body?.status === 'ready' ? [a.body] : []));
      if (found.length > 0) setMedia(found);
    });
    return () => {
      live = false;
    };
  }, [preselect]);
  useEffect(() => () => stop.current?.abort(), []);

  const key = JSON.stringify([media.map((m) => m.id), style]);
  const current = script?.key === key ? script : null;
  const lines = useMemo(() => current?.lines ?? [], [current]);
  const setLines = (update: (all: ScriptLine[]) => ScriptLine[]) =>
    setScript((state) => (state ? { ...state, lines: update(state.lines) } : state));
  const byId = new Map(media.map((m) => [m.id, m]));

  async function write(fresh: boolean) {
    stop.current?.abort();
    const controller = new AbortController();
    stop.current = controller;
    setWriting(true);
    try {
      await writeScript(
        { media_ids: media.map((m) => m.id), speech_style: style, fresh },
        controller.signal,
        (answer) => setScript({ key, answer, lines: answer.shot_scripts }),
      );
    } catch (error) {
      if (!controller.signal.aborted) toastFailure((error as { msg?: string }).msg ?? t.failed);
    } finally {
      if (stop.current === controller) setWriting(false);
    }
  }

  /** Takes an earlier job's script with the media it was made from. */
  async function takeHistory(jobId: string) {
    const earlier = history.data?.data.find((j) => j.job_id === jobId);
    if (!earlier) return;
    try {
      const answer = await jobScript(jobId);
      const answers = await Promise.all(earlier.media_ids.map((id) => call(mediaApi.one, { params: { id } })));
      const found = answers.flatMap((a) => (a.code === 0 && a.body ? [a.body] : []));
      setMedia(found);
      setScript({ key: JSON.stringify([found.map((m) => m.id), style]), answer, lines: answer.shot_scripts });
      Message.success(fillText(t.historyLoaded, { number: earlier.number }));
    } catch (error) {
      toastFailure((error as { msg?: string }).msg ?? t.failed);
    }
  }

  const job = useMemo<CreateJobInput | null>(
    () =>
      media.length > 0 && lines.length > 0 && lines.every((line) => line.text.trim() && line.clips.length > 0)
        ? {
            tool: 'commentary',
            media_ids: media.map((m) => m.id),
            config: {
              shot_scripts: lines,
              speech_voice: voice,
              speech_style: style,
              background_music_style: music,
              allow_vfx_effect: vfx,
              subtitle_pos_y: posY,
              output_count: outputCount,
            },
          }
        : null,
    [media, lines, voice, style, music, vfx, posY, outputCount],
  );

  const answer = current?.answer;
  const finished = history.data?.data.filter((j) => j.status === 'succeeded') ?? [];

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <header className={styles.panelHeader}>
        <h2 id={titleId}>{t.title}</h2>
      </header>
      <p className={styles.intro}>{t.intro}</p>
      {info && !info.available && info.unavailable_reason && <Alert type="warning" content={info.unavailable_reason} />}
      <MediaPicker value={media} onChange={setMedia} max={MAX_JOB_MEDIA} />
      <div data-tour="config" className={styles.configGroup}>
        <div className={styles.field}>
          <div className={styles.label} id={`${titleId}-style`}>
            {t.style}
          </div>
          <Radio.Group
            type="button"
            aria-labelledby={`${titleId}-style`}
            value={style}
            onChange={(v: SpeechStyle) => setStyle(v)}
          >
            {SPEECH_STYLES.map((s) => (
              <Radio key={s} value={s}>
                {SPEECH_STYLE_LABELS[s]}
              </Radio>
            ))}
          </Radio.Group>
        </div>
        <div className={styles.inlineFields}>
          <div className={styles.field}>
            <div className={styles.label}>{t.voice}</div>
            <Select
              aria-label={t.voice}
              value={voice ?? ''}
              onChange={(v: string) => setVoice(v || null)}
              style={{ width: 260 }}
              options={[
                { label: t.defaultVoice, value: '' },
                ...(voices.data ?? []).map((v) => ({
                  label: v.builtin && !v.name.includes(t.builtin) ? `${v.name}（${t.builtin}）` : v.name,
                  value: v.id,
                })),
              ]}
            />
          </div>
          <div className={styles.field}>
            <div className={styles.label}>{t.music}</div>
            <Select
              aria-label={t.music}
              value={music}
              onChange={(v: CommentaryMusicStyle) => setMusic(v)}
              style={{ width: 160 }}
              options={COMMENTARY_MUSIC_STYLES.map((m) => ({
                label: m === 'none' ? t.noMusic : MUSIC_STYLE_LABELS[m],
                value: m,
              }))}
            />
            {musicTrack ? (
              <audio
                className={styles.musicPreview}
                controls
                preload="none"
                src={musicTrack.preview_url}
                aria-label={fillText(t.musicPreview, { name: musicTrack.name })}
              />
            ) : music !== 'none' && musicStyles.data ? (
              <span className={styles.muted}>{t.musicNone}</span>
            ) : null}
          </div>
        </div>
        <div className={styles.inlineFields}>
          <div className={styles.field}>
            <div className={styles.label}>{t.vfx}</div>
            <span className={styles.inlineFields}>
              <Switch aria-label={t.vfx} checked={vfx} onChange={setVfx} />
              <span className={styles.muted}>{t.vfxHint}</span>
            </span>
          </div>
          <div className={styles.field}>
            <div className={styles.label}>{t.outputCount}</div>
            <InputNumber
              aria-label={t.outputCount}
              min={1}
              max={MAX_OUTPUT_COUNT}
              value={outputCount}
              onChange={(v) => setOutputCount(Math.max(1, Math.min(MAX_OUTPUT_COUNT, Number(v) || 1)))}
              suffix={toolText.run.outputUnit}
              style={{ width: 120 }}
            />
          </div>
        </div>
        <div className={styles.field}>
          <div className={styles.label}>
            {t.subtitlePos} <span className={styles.muted}>{fillText(t.subtitlePosHint, { value: posY })}</span>
          </div>
          <Slider
            aria-label={t.subtitlePos}
            min={10}
            max={95}
            value={posY}
            onChange={(v) => setPosY(Number(v))}
            style={{ maxWidth: 360 }}
          />
        </div>
      </div>
      <div className={styles.inlineFields}>
        <Button
          type={media.length > 0 && !answer ? 'primary' : 'outline'}
          disabled={media.length === 0 || (info !== undefined && !info.available)}
          loading={writing}
          onClick={() => void write(Boolean(answer))}
        >
          {answer ? t.rewrite : t.write}
        </Button>
        {finished.length > 0 && (
          <Select
            aria-label={t.history}
            placeholder={t.historyPlaceholder}
            style={{ width: 260 }}
            onChange={(id: string) => void takeHistory(id)}
            options={finished.map((j) => ({
              label: fillText(t.historyItem, { number: j.number, time: formatDateTime(j.created_at) }),
              value: j.job_id,
            }))}
          />
        )}
      </div>
      {answer?.status === 'working' && (
        <div className={styles.muted} role="status">
          {fillText(t.writing, { progress: answer.progress })}
          <Progress percent={answer.progress} size="small" />
        </div>
      )}
      {answer?.status === 'failed' && answer.error && <Alert type="error" content={answer.error} />}
      {answer?.status === 'ready' && (
        <div className={styles.script}>
          <div className={styles.scriptHeader}>
            <strong>{fillText(t.script, { count: lines.length })}</strong>
            {answer.dialogue && <span className={styles.muted}>{t.dialogue[answer.dialogue]}</span>}
          </div>
          <ol className={styles.timeline}>
            {lines.map((line, i) => (
              <li key={i} className={styles.scriptLine}>
                <div className={styles.scriptLineHead}>
                  <span className={styles.clipIndex}>{i + 1}</span>
                  {i === 0 && <span className={styles.muted}>{t.hook}</span>}
                  <span className={styles.clipActions}>
                    <Button
                      size="mini"
                      icon={<IconArrowUp />}
                      disabled={i === 0}
                      aria-label={`${t.up} ${i + 1}`}
                      onClick={() => setLines((all) => moveClip(all, i, -1))}
                    />
                    <Button
                      size="mini"
                      icon={<IconArrowDown />}
                      disabled={i === lines.length - 1}
                      aria-label={`${t.down} ${i + 1}`}
                      onClick={() => setLines((all) => moveClip(all, i, 1))}
                    />
                    <Button
                      size="mini"
                      status="danger"
                      icon={<IconDelete />}
                      disabled={lines.length === 1}
                      aria-label={`${t.drop} ${i + 1}`}
                      onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                    />
                  </span>
                </div>
                <Input.TextArea
                  aria-label={fillText(t.lineLabel, { n: i + 1 })}
                  value={line.text}
                  maxLength={SCRIPT_LINE_MAX_CHARS}
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  status={line.text.trim() ? undefined : 'error'}
                  onChange={(text) => setLines((all) => all.map((l, j) => (j === i ? { ...l, text } : l)))}
                />
                <ShotList clips={line.clips} media={byId} />
              </li>
            ))}
          </ol>
        </div>
      )}
      <RunBar
        job={job}
        label={t.start}
        hint={media.length > 0 && !job ? (lines.length > 0 ? t.emptyLine : t.next) : undefined}
        onCreated={onCreated}
      />
    </section>
  );
}
