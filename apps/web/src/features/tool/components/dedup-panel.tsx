/** 批量去重 (one output by default): media, the ten options as cards, copies per medium, run. */
import { Alert, Checkbox, InputNumber } from '@arco-design/web-react';
import {
  DEDUP_OPTIONS,
  DEDUP_OPTION_LABELS,
  MAX_JOB_MEDIA,
  MAX_OUTPUT_COUNT,
  TOOL_DEFAULTS,
  type CreateJobInput,
  type DedupOption,
  type Media,
} from '@cc/contracts';
import { useId, useMemo, useState } from 'react';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import styles from '../tool-page.module.css';
import { MediaPicker } from './media-picker';
import { RunBar } from './run-bar';

const t = toolText.dedup;

export function DedupPanel({ onCreated }: { onCreated: (jobId: string) => void }) {
  const [media, setMedia] = useState<Media[]>([]);
  const [options, setOptions] = useState<DedupOption[]>([]);
  const [outputCount, setOutputCount] = useState<number>(TOOL_DEFAULTS.output_count);

  const job = useMemo<CreateJobInput | null>(
    () =>
      media.length > 0 && options.length > 0
        ? { tool: 'dedup', media_ids: media.map((m) => m.id), config: { options, output_count: outputCount } }
        : null,
    [media, options, outputCount],
  );

  // A flip alone is caught by any mirror comparison (ours included): say so before points are spent.
  const flipOnly = options.length === 1 && options[0] === 'flip';
  const titleId = useId();

  const toggle = (option: DedupOption) =>
    setOptions((current) => (current.includes(option) ? current.filter((o) => o !== option) : [...current, option]));

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <header className={styles.panelHeader}>
        <h2 id={titleId}>{t.title}</h2>
      </header>
      <p className={styles.intro}>{t.intro}</p>
      <MediaPicker value={media} onChange={setMedia} max={MAX_JOB_MEDIA} />
      <div className={styles.field} data-tour="config">
        <div className={styles.label}>{t.options}</div>
        <div className={styles.optionGrid}>
          {DEDUP_OPTIONS.map((option) => (
            // The card is the Checkbox's own label, so the box is named by the text on the card.
            <Checkbox
              key={option}
              className={`${styles.optionCard} ${options.includes(option) ? styles.selected : ''}`}
              checked={options.includes(option)}
              onChange={() => toggle(option)}
            >
              <span className={styles.optionText}>
                <strong>{DEDUP_OPTION_LABELS[option]}</strong>
                <small>{t.optionHints[option]}</small>
              </span>
            </Checkbox>
          ))}
        </div>
      </div>
      <div className={styles.field}>
        <div className={styles.label}>{toolText.run.outputCount}</div>
        <InputNumber
          aria-label={toolText.run.outputCount}
          min={1}
          max={MAX_OUTPUT_COUNT}
          value={outputCount}
          onChange={(value) => setOutputCount(Math.max(1, Math.min(MAX_OUTPUT_COUNT, Number(value) || 1)))}
          suffix={toolText.run.outputUnit}
          style={{ width: 140 }}
        />
      </div>
      {flipOnly && <Alert type="warning" content={t.flipOnly} />}
      <RunBar
        job={job}
        warning={flipOnly ? t.flipOnly : undefined}
        // With media chosen, what is missing is a method: not 请先选择素材 beside the chosen clip.
        hint={media.length > 0 && options.length === 0 ? t.pickOption : undefined}
        onCreated={onCreated}
      />
    </section>
  );
}
