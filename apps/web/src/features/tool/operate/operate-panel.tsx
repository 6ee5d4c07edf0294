/**
 * 智能运营 in the AI workspace: suggestions of dramas to promote next (each with its reasons), this creator's clicks,
 * orders and conversion by Beijing hour and platform with the advice they give, and the publishing calendar, which a
 * suggestion fills in one tap (at the best platform and hour when the figures name them).
 */
import { Button, Radio, Tag } from '@arco-design/web-react';
import { IconPlus, IconThunderbolt } from '@arco-design/web-react/icon';
import { OPERATE_WINDOWS, Platform, type Insight, type Suggestion } from '@cc/contracts';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { QueryView } from '../../../components/query-view';
import { fillText } from '../../../lib/fill-text';
import { DISPLAY_TIME_ZONE } from '../../../lib/format';
import { operateText } from '../../../locales/zh-CN/operate';
import { useInsight, useSuggestions } from '../api/operate';
import { CalendarFormModal, type CalendarDraft } from './calendar-form';
import { FiguresChart } from './figures-chart';
import { OperateSection } from './operate-section';
import styles from './operate-panel.module.css';
import { PublishingCalendar } from './publishing-calendar';

const t = operateText;

/** Where and when to plan a post: the best platform and hour this creator's figures name, else tomorrow at 20:00. */
function draftFor(insight: Insight | undefined, suggestion?: Suggestion): CalendarDraft {
  const now = dayjs().tz(DISPLAY_TIME_ZONE);
  const hour = insight?.best_hour ?? 20;
  const day = hour > now.hour() ? now : now.add(1, 'day');
  return {
    task_id: suggestion?.task_id,
    title: suggestion?.name ?? '',
    platform: insight?.best_platform ?? Platform.ShortVideo,
    date: day.format('YYYY-MM-DD'),
    time: `${String(hour).padStart(2, '0')}:00`,
  };
}

function SuggestionCard({ suggestion, onAdd }: { suggestion: Suggestion; onAdd: () => void }) {
  return (
    <li className={styles.suggestion}>
      <img className={styles.cover} src={suggestion.cover_url} alt="" loading="lazy" />
      <div className={styles.suggestionBody}>
        <div className={styles.suggestionHead}>
          <span className={styles.rank}>{suggestion.rank}</span>
          <h3 className={styles.suggestionName}>{suggestion.name}</h3>
          <Tag color="orangered" size="small">
            {fillText(t.suggestions.score, { score: suggestion.score })}
          </Tag>
        </div>
        <p className={styles.muted}>
          {suggestion.app_name} · {fillText(t.suggestions.chartRank, { rank: suggestion.chart_rank })}
          {suggestion.tags.length > 0 && ` · ${suggestion.tags.join(' / ')}`}
        </p>
        <ul className={styles.reasons}>
          {suggestion.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </div>
      <Button
        size="small"
        icon={<IconPlus />}
        aria-label={fillText(t.suggestions.addLabel, { name: suggestion.name })}
        onClick={onAdd}
        className={styles.addButton}
      >
        {t.suggestions.addToCalendar}
      </Button>
    </li>
  );
}

function InsightView({ insight }: { insight: Insight }) {
  const hours = useMemo(
    () => insight.by_hour.map((h) => ({ ...h, name: fillText(t.insight.hour, { hour: h.hour }) })),
    [insight],
  );
  const platforms = useMemo(() => insight.by_platform.map((p) => ({ ...p, name: p.label })), [insight]);
  if (insight.clicks === 0 && insight.orders === 0) {
    return <EmptyState icon={<IconThunderbolt />} description={t.insight.empty} hint={t.insight.emptyHint} />;
  }
  const figures = [
    { label: t.insight.clicks, value: insight.clicks },
    { label: t.insight.orders, value: insight.orders },
    { label: t.insight.shares, value: insight.shares },
    { label: t.insight.shareAmount, value: insight.share_amount },
  ];
  return (
    <>
      <dl className={styles.figures}>
        {figures.map((figure) => (
          <div key={figure.label} className={styles.figure}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      {insight.advice.length > 0 && (
        <div className={styles.advice}>
          <h3 className={styles.adviceTitle}>{t.insight.advice}</h3>
          <ul>
            {insight.advice.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <div className={styles.charts}>
        <figure className={styles.chartBox}>
          <figcaption>{t.insight.byHour}</figcaption>
          <FiguresChart buckets={hours} label={t.insight.byHourLabel} />
        </figure>
        <figure className={styles.chartBox}>
          <figcaption>{t.insight.byPlatform}</figcaption>
          <FiguresChart buckets={platforms} label={t.insight.byPlatformLabel} />
          <p className={styles.muted}>{t.insight.platformNote}</p>
        </figure>
      </div>
    </>
  );
}

export function OperatePanel() {
  const [days, setDays] = useState<number>(30);
  const [draft, setDraft] = useState<CalendarDraft | null>(null);
  const suggestions = useSuggestions();
  const insight = useInsight(days);

  return (
    <div className={styles.panel}>
      <p className={styles.muted}>{t.intro}</p>

      <OperateSection title={t.suggestions.title} hint={t.suggestions.hint}>
        <QueryView query={suggestions}>
          {({ data, promoting_count: promoting }) =>
            data.length === 0 ? (
              <EmptyState description={t.suggestions.empty} hint={t.suggestions.emptyHint} />
            ) : (
              <>
                <ol className={styles.suggestions} aria-label={t.suggestions.title}>
                  {data.map((suggestion) => (
                    <SuggestionCard
                      key={suggestion.task_id}
                      suggestion={suggestion}
                      onAdd={() => setDraft(draftFor(insight.data, suggestion))}
                    />
                  ))}
                </ol>
                {promoting > 0 && (
                  <p className={styles.muted}>{fillText(t.suggestions.promoting, { count: promoting })}</p>
                )}
              </>
            )
          }
        </QueryView>
      </OperateSection>

      <OperateSection
        title={t.insight.title}
        hint={insight.data && fillText(t.insight.range, { start: insight.data.start_date, end: insight.data.end_date })}
        action={
          <Radio.Group type="button" size="small" value={days} onChange={setDays} aria-label={t.insight.windowLabel}>
            {OPERATE_WINDOWS.map((window) => (
              <Radio key={window} value={window}>
                {t.insight.windows[window]}
              </Radio>
            ))}
          </Radio.Group>
        }
      >
        <QueryView query={insight}>{(data) => <InsightView insight={data} />}</QueryView>
      </OperateSection>

      <PublishingCalendar onAdd={() => setDraft(draftFor(insight.data))} />
      <CalendarFormModal draft={draft} onClose={() => setDraft(null)} />
    </div>
  );
}
