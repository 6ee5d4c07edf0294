/**
 * 短剧解析 in the AI workspace: pick episodes, see the price and run the parse as a job (live card, history), then
 * each parsed episode as a timeline with its layers. Ticked scenes go to 高能混剪 as a reviewed timeline (its media
 * chosen), or their episodes to 影视解说.
 */
import { Button } from '@arco-design/web-react';
import { MAX_JOB_MEDIA, isTerminalToolJob, type CreateJobInput, type Media } from '@cc/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { fillText } from '../../../lib/fill-text';
import { parseText as t } from '../../../locales/zh-CN/parse';
import { useParseEpisodes } from '../api/parse';
import { useJob } from '../api/watch-job';
import { JobCard } from '../components/job-card';
import { JobHistory } from '../components/job-history';
import { MediaPicker } from '../components/media-picker';
import { RunBar } from '../components/run-bar';
import { handClips, handoffPath } from '../handoff';
import toolStyles from '../tool-page.module.css';
import { EpisodeTimeline } from './episode-timeline';
import styles from './parse-panel.module.css';
import { mediaOfClips, secondsOf, selectedClips } from './selection';

function Results({ mediaIds }: { mediaIds: number[] }) {
  const navigate = useNavigate();
  const query = useParseEpisodes(mediaIds);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const titleId = useId();
  const episodes = useMemo(() => query.data?.episodes ?? [], [query.data]);
  const clips = useMemo(() => selectedClips(episodes, selected), [episodes, selected]);
  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError message={t.loadFailed} onRetry={() => void query.refetch()} />;
  const { missing, serial_summary: serialSummary } = query.data;
  if (episodes.length === 0) return <EmptyState description={t.empty} hint={t.emptyHint} />;

  const sendToMixcut = () => {
    const media = mediaOfClips(clips);
    handClips(media, clips);
    void navigate(handoffPath('mixcut', media));
  };
  const sendToCommentary = () => void navigate(handoffPath('commentary', mediaOfClips(clips)));

  return (
    <section className={styles.results} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.resultsTitle}>
        {t.results}
      </h2>
      {missing.length > 0 && (
        <p className={styles.muted}>{fillText(t.missing, { count: missing.length, names: missing.join('、') })}</p>
      )}
      {serialSummary && (
        <div className={styles.serial}>
          <h3>{t.serialSummary}</h3>
          <p>{serialSummary}</p>
        </div>
      )}
      <div className={styles.sendBar} role="group" aria-label={t.toMixcut}>
        <span role="status" className={styles.muted}>
          {selected.size === 0
            ? t.selectionNone
            : fillText(clips.length > 0 ? t.selection : t.selectionRemoved, {
                count: selected.size,
                seconds: secondsOf(clips),
              })}
        </span>
        <Button disabled={clips.length === 0} onClick={() => setSelected(new Set())}>
          {t.clearSelection}
        </Button>
        <Button disabled={clips.length === 0} onClick={sendToCommentary}>
          {t.toCommentary}
        </Button>
        <Button type="primary" disabled={clips.length === 0} onClick={sendToMixcut}>
          {t.toMixcut}
        </Button>
      </div>
      {episodes.map((episode) => (
        <EpisodeTimeline key={episode.media_id} episode={episode} selected={selected} onToggle={toggle} />
      ))}
    </section>
  );
}

export function ParsePanel() {
  const queryClient = useQueryClient();
  const [media, setMedia] = useState<Media[]>([]);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJob(jobId);
  const titleId = useId();
  const mediaIds = useMemo(() => media.map((m) => m.id), [media]);
  const ended = job.data && isTerminalToolJob(job.data.status) ? job.data : null;
  // The chosen episodes' results; with none chosen, those of the job opened (a parse from the history).
  const viewIds = mediaIds.length > 0 ? mediaIds : ended?.status === 'succeeded' ? ended.media_ids : [];
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: ['parse'] });
  }, [ended, queryClient]);

  const run = useMemo<CreateJobInput | null>(
    () => (mediaIds.length > 0 ? { tool: 'parse', media_ids: mediaIds, config: {} } : null),
    [mediaIds],
  );

  return (
    <>
      <section className={toolStyles.panel} aria-labelledby={titleId}>
        <header className={toolStyles.panelHeader}>
          <h2 id={titleId}>{t.title}</h2>
        </header>
        <p className={toolStyles.intro}>{t.intro}</p>
        <MediaPicker value={media} onChange={setMedia} max={MAX_JOB_MEDIA} />
        <RunBar job={run} label={t.run} hint={t.pickHint} priceDetail={t.priceDetail} onCreated={setJobId} />
      </section>
      {jobId && <JobCard key={jobId} jobId={jobId} />}
      {viewIds.length > 0 && <Results key={viewIds.join(',')} mediaIds={viewIds} />}
      <JobHistory tool="parse" onOpen={setJobId} />
    </>
  );
}
