/**
 * 高能混剪 (durations and cut types; one output of one script by default): media
 * (episodes), the config, then the planner's timelines to review — drop or move clips — and the run. Media handed
 * over in the address (`?media=1,2`, from 短剧解析) start chosen, with the clips handed with them as the timeline.
 */
import {
  Alert,
  Button,
  Checkbox,
  Input,
  InputNumber,
  Progress,
  Radio,
  Switch,
  Tag,
  Tooltip,
} from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconDelete } from '@arco-design/web-react/icon';
import {
  CUT_DURATIONS,
  CUT_DURATION_LABELS,
  CUT_TYPES,
  CUT_TYPE_LABELS,
  DEDUP_OPTIONS,
  DEDUP_OPTION_LABELS,
  MAX_JOB_MEDIA,
  MAX_OUTPUT_COUNT,
  MAX_SCRIPT_COUNT,
  TOOL_DEFAULTS,
  WATERMARK_MAX_LENGTH,
  toolApi,
  type CreateJobInput,
  type CutDuration,
  type CutType,
  type DedupOption,
  type Media,
  type MixcutPlan,
  type TimelineClip,
} from '@cc/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../../lib/api-client';
import { fillText } from '../../../lib/fill-text';
import { formatDuration } from '../../../lib/format';
import { toastFailure } from '../../../lib/toast';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import styles from '../tool-page.module.css';
import { useMediaByIds } from '../api/media';
import { forgetHandedClips, handedClips, handedMediaIds } from '../handoff';
import { durationGap, materialTooShort, moveClip, shortestOutput } from '../timeline';
import { MediaPicker } from './media-picker';
import { RunBar } from './run-bar';

const t = toolText.mixcut;
const PLAN_POLL_MS = 2000;

export function MixcutPanel({ onCreated }: { onCreated: (jobId: string) => void }) {
  const [media, setMedia] = useState<Media[]>([]);
  const titleId = useId();
  const [cutDuration, setCutDuration] = useState<CutDuration>('auto');
  const [cutType, setCutType] = useState<CutType>('high_cut');
  const [scriptCount, setScriptCount] = useState<number>(TOOL_DEFAULTS.script_count);
  const [outputCount, setOutputCount] = useState<number>(TOOL_DEFAULTS.output_count);
  const [watermarkOn, setWatermarkOn] = useState(false);
  const [watermark, setWatermark] = useState('');
  const [dedup, setDedup] = useState<DedupOption[]>([]);
  // A plan and its edited scripts belong to the media and the choices they were made for.
  const [planned, setPlanned] = useState<{ key: string; plan: MixcutPlan; scripts: TimelineClip[][] } | null>(null);
  const [planning, setPlanning] = useState(false);
  const stop = useRef<AbortController | null>(null);

  const config = { cut_duration: cutDuration, cut_type: cutType, script_count: scriptCount };
  const planKey = JSON.stringify([media.map((m) => m.id), cutDuration, cutType, scriptCount]);
  const current = planned?.key === planKey ? planned : null;
  const plan = current?.plan ?? null;
  const scripts = useMemo(() => current?.scripts ?? [], [current]);
  const setScripts = (update: (all: TimelineClip[][]) => TimelineClip[][]) =>
    setPlanned((state) => (state ? { ...state, scripts: update(state.scripts) } : state));
  useEffect(() => () => stop.current?.abort(), []);

  const [params] = useSearchParams();
  const [handedIds] = useState(() => handedMediaIds(params.get('media')));
  const [clipsHanded] = useState(() => handedClips(handedIds));
  const handed = useMediaByIds(handedIds);
  const [handedTaken, setHandedTaken] = useState(false);
  useEffect(() => forgetHandedClips(), []);
  // Taken while rendering, once the handed media are known: they start chosen, the handed clips as the timeline.
  if (!handedTaken && handed.data) {
    setHandedTaken(true);
    const ids = handed.data.map((m) => m.id);
    setMedia(handed.data);
    const kept = (clipsHanded ?? []).filter((clip) => ids.includes(clip.media_id));
    if (kept.length > 0) {
      // The handed timeline is what the creator chose: its own length is the range, so no gap is reported.
      const duration = Math.ceil(kept.reduce((sum, clip) => sum + clip.end - clip.start, 0));
      setPlanned({
        key: JSON.stringify([ids, 'auto', 'high_cut', TOOL_DEFAULTS.script_count]),
        plan: { status: 'ready', progress: 100, range: { min: 0, max: duration }, scripts: [] },
        scripts: [kept],
      });
    }
  }

  async function makePlan() {
    stop.current?.abort();
    const controller = new AbortController();
    stop.current = controller;
    setPlanning(true);
    try {
      for (;;) {
        const result = await call(toolApi.mixcutPlan, {
          body: { media_ids: media.map((m) => m.id), config },
          signal: controller.signal,
        });
        if (controller.signal.aborted) return;
        if (result.code !== 0 || !result.body) return toastFailure(result.msg);
        const answer = result.body;
        setPlanned({ key: planKey, plan: answer, scripts: answer.scripts.map((s) => s.clips) });
        if (answer.status === 'ready') return;
        await new Promise((resolve) => setTimeout(resolve, PLAN_POLL_MS));
      }
    } finally {
      if (stop.current === controller) setPlanning(false);
    }
  }

  const names = new Map(media.map((m) => [m.id, m.name]));
  const rangeText = (range: { min: number; max: number }) =>
    fillText(cutDuration === 'auto' ? t.autoRange : t.fixedRange, range);
  const materialSeconds = Math.round(media.reduce((sum, m) => sum + m.duration, 0));
  const job = useMemo<CreateJobInput | null>(
    () =>
      scripts.length > 0 && scripts.every((clips) => clips.length > 0)
        ? {
            tool: 'mixcut',
            media_ids: media.map((m) => m.id),
            config: {
              ...config,
              output_count: outputCount,
              watermark_switch: watermarkOn,
              watermark: watermarkOn ? watermark : '',
              deduplication: dedup,
              scripts: scripts.map((clips) => ({
                clips: clips.map(({ media_id, start, end }) => ({ media_id, start, end })),
              })),
            },
          }
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `config` is rebuilt from the states listed
    [scripts, media, outputCount, watermarkOn, watermark, dedup, cutDuration, cutType, scriptCount],
  );

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <header className={styles.panelHeader}>
        <h2 id={titleId}>{t.title}</h2>
      </header>
      <p className={styles.intro}>{t.intro}</p>
      <MediaPicker value={media} onChange={setMedia} max={MAX_JOB_MEDIA} />
      <div data-tour="config" className={styles.configGroup}>
        <div className={styles.field}>
          <div className={styles.label}>{t.cutDuration}</div>
          <Radio.Group type="button" value={cutDuration} onChange={(v: CutDuration) => setCutDuration(v)}>
            {CUT_DURATIONS.map((d) => (
              <Radio key={d} value={d}>
                {CUT_DURATION_LABELS[`${d}`]}
              </Radio>
            ))}
          </Radio.Group>
        </div>
        <div className={styles.field}>
          <div className={styles.label}>{t.cutType}</div>
          <div className={styles.optionGrid}>
            {CUT_TYPES.map((type) => (
              // The card is the Radio's own label, so the radio is named by the text on the card.
              <Radio
                key={type}
                className={`${styles.optionCard} ${cutType === type ? styles.selected : ''}`}
                checked={cutType === type}
                onChange={() => setCutType(type)}
              >
                <span className={styles.optionText}>
                  <strong>{CUT_TYPE_LABELS[type].name}</strong>
                  <small>{CUT_TYPE_LABELS[type].description}</small>
                </span>
              </Radio>
            ))}
          </div>
        </div>
        <div className={styles.inlineFields}>
          <div className={styles.field}>
            <div className={styles.label}>{t.scriptCount}</div>
            <InputNumber
              aria-label={t.scriptCount}
              min={1}
              max={MAX_SCRIPT_COUNT}
              value={scriptCount}
              onChange={(v) => setScriptCount(Math.max(1, Math.min(MAX_SCRIPT_COUNT, Number(v) || 1)))}
              style={{ width: 120 }}
            />
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
          <div className={styles.label}>{t.watermark}</div>
          <div className={styles.inlineFields}>
            <Switch aria-label={t.watermark} checked={watermarkOn} onChange={setWatermarkOn} />
            {watermarkOn && (
              <Input
                value={watermark}
                maxLength={WATERMARK_MAX_LENGTH}
                showWordLimit
                placeholder={t.watermarkPlaceholder}
                onChange={setWatermark}
                style={{ maxWidth: 320 }}
              />
            )}
          </div>
        </div>
        <div className={styles.field}>
          <div className={styles.label}>{t.dedup}</div>
          <Checkbox.Group
            value={dedup}
            onChange={(v: DedupOption[]) => setDedup(v)}
            options={DEDUP_OPTIONS.map((o) => ({ label: DEDUP_OPTION_LABELS[o], value: o }))}
          />
        </div>
      </div>
      {materialTooShort(materialSeconds, cutDuration) && (
        <Alert
          type="warning"
          content={fillText(t.materialShort, {
            total: materialSeconds,
            range: rangeText(shortestOutput(cutDuration)),
          })}
        />
      )}
      <Button
        type={media.length > 0 && !plan ? 'primary' : 'outline'}
        disabled={media.length === 0}
        loading={planning}
        onClick={() => void makePlan()}
      >
        {plan ? t.replan : t.plan}
      </Button>
      {plan?.status === 'analyzing' && (
        <div className={styles.muted}>
          {fillText(t.planning, { progress: plan.progress })}
          <Progress percent={plan.progress} size="small" />
        </div>
      )}
      {plan?.status === 'ready' &&
        scripts.map((clips, index) => {
          const duration = clips.reduce((sum, c) => sum + c.end - c.start, 0);
          const gap = durationGap(duration, plan.range);
          return (
            <div key={index} className={styles.script}>
              <div className={styles.scriptHeader}>
                <strong>{fillText(t.script, { n: index + 1 })}</strong>
                <span className={gap ? styles.error : styles.muted}>
                  {fillText(t.scriptDuration, { duration: duration.toFixed(1) })}
                  {gap &&
                    ` · ${fillText(gap.kind === 'short' ? t.tooShort : t.tooLong, { range: rangeText(plan.range), gap: gap.gap })}`}
                </span>
              </div>
              <ol className={styles.timeline}>
                {clips.map((clip, i) => (
                  <li key={`${clip.media_id}-${clip.start}`} className={styles.clip}>
                    <span className={styles.clipIndex}>{i + 1}</span>
                    <span className={styles.clipName}>{names.get(clip.media_id)}</span>
                    <span className={styles.muted}>
                      {formatDuration(clip.start)}–{formatDuration(clip.end)}
                    </span>
                    {clip.reason && (
                      <Tag size="small" color="orangered">
                        {clip.reason}
                      </Tag>
                    )}
                    <span className={styles.clipActions}>
                      <Tooltip content={t.up}>
                        <Button
                          size="mini"
                          icon={<IconArrowUp />}
                          disabled={i === 0}
                          aria-label={t.up}
                          onClick={() => setScripts((all) => all.map((s, k) => (k === index ? moveClip(s, i, -1) : s)))}
                        />
                      </Tooltip>
                      <Tooltip content={t.down}>
                        <Button
                          size="mini"
                          icon={<IconArrowDown />}
                          disabled={i === clips.length - 1}
                          aria-label={t.down}
                          onClick={() => setScripts((all) => all.map((s, k) => (k === index ? moveClip(s, i, 1) : s)))}
                        />
                      </Tooltip>
                      <Tooltip content={t.drop}>
                        <Button
                          size="mini"
                          status="danger"
                          icon={<IconDelete />}
                          aria-label={t.drop}
                          onClick={() =>
                            setScripts((all) => all.map((s, k) => (k === index ? s.filter((_, j) => j !== i) : s)))
                          }
                        />
                      </Tooltip>
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          );
        })}
      <RunBar
        job={job}
        label={t.start}
        hint={media.length > 0 && !job ? toolText.run.nextPlan : undefined}
        onCreated={onCreated}
      />
    </section>
  );
}
