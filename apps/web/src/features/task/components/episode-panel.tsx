/**
 * The task detail's episode materials: the selected episode in an xgplayer (`PLAYER_DEFAULTS`; fluid on mobile) beside
 * the episode list — number, title, mm:ss, download — paged when long.
 */
import { Button, Spin } from '@arco-design/web-react';
import { IconDownload, IconPlayArrowFill } from '@arco-design/web-react/icon';
import { partUnit, type Episode, type Paged, type TaskInfo } from '@cc/contracts';
import { useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { EmptyState } from '../../../components/empty-state';
import { QueryView } from '../../../components/query-view';
import { VideoPlayer } from '../../../components/video-player';
import { fillText } from '../../../lib/fill-text';
import { formatDuration, formatFileSize } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { text } from '../../../locales/zh-CN';
import { useEpisodeDownload } from '../api/download-episode';
import { useEpisodeList } from '../api/get-episode-list';
import styles from '../task-detail-page.module.css';

const EPISODE_PAGE_SIZE = 30;

/** 第N集 for a short drama, 第N章 for a novel. */
function numberLabel(episode: Episode, unit: string): string {
  return fillText(text.task.detail.episodeNumber, { n: episode.number, unit });
}

/** The episode's own title, unless it only repeats '第N集' / '第N章'. */
function distinctTitle(episode: Episode, unit: string): string {
  const title = episode.title.trim();
  return title === numberLabel(episode, unit) ? '' : title;
}

interface EpisodeRowProps {
  episode: Episode;
  unit: string;
  selected: boolean;
  downloading: boolean;
  onSelect: () => void;
  onDownload: () => void;
}

function EpisodeRow({ episode, unit, selected, downloading, onSelect, onDownload }: EpisodeRowProps) {
  const hasVideo = Boolean(episode.video_url);
  return (
    <li
      className={selected ? `${styles.episode} ${styles.selectedEpisode}` : styles.episode}
      aria-current={selected ? 'true' : undefined}
    >
      <button type="button" className={styles.episodeMain} onClick={onSelect} disabled={!hasVideo}>
        <span className={styles.episodeNumber}>
          {selected && <IconPlayArrowFill className={styles.playingIcon} aria-label={text.task.detail.playing} />}
          {numberLabel(episode, unit)}
        </span>
        <span className={styles.episodeTitle} title={distinctTitle(episode, unit)}>
          {distinctTitle(episode, unit)}
        </span>
        <span className={styles.episodeDuration}>{formatDuration(episode.duration)}</span>
      </button>
      <Button
        size="small"
        type="text"
        icon={<IconDownload />}
        loading={downloading}
        disabled={!hasVideo}
        title={hasVideo ? formatFileSize(episode.size) : undefined}
        onClick={onDownload}
      >
        {text.task.detail.download}
      </Button>
    </li>
  );
}

export function EpisodePanel({ task }: { task: TaskInfo }) {
  const unit = partUnit(task.task_type);
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const episodes = useEpisodeList({ task_id: task.task_id, page_num: page, page_size: EPISODE_PAGE_SIZE }, true);
  const { download, isDownloading } = useEpisodeDownload(
    (episode) => `${task.serial_name}${numberLabel(episode, unit)}.mp4`,
  );

  return (
    <QueryView query={episodes} loading={<Spin className={styles.episodesLoading} />}>
      {renderEpisodes}
    </QueryView>
  );

  function renderEpisodes({ data, page: pageInfo }: Paged<Episode>) {
    if (data.length === 0) return <EmptyState description={text.task.detail.noEpisodes} hint="" />;

    const playable = data.filter((episode) => episode.video_url);
    const selected = data.find((episode) => episode.episode_id === selectedId) ?? playable[0] ?? data[0]!;

    return (
      <div className={styles.episodePanel}>
        <div className={styles.playerColumn}>
          {/* Keyed by episode: switching builds a fresh player and destroys the old one. */}
          <VideoPlayer
            key={selected.episode_id}
            url={selected.video_url}
            poster={selected.poster_url}
            fluid={isMobile}
          />
          <div className={styles.nowPlaying}>
            {[task.serial_name, numberLabel(selected, unit), distinctTitle(selected, unit)].filter(Boolean).join(' · ')}
          </div>
        </div>
        <div className={styles.episodeColumn}>
          <ol className={styles.episodes}>
            {data.map((episode) => (
              <EpisodeRow
                key={episode.episode_id}
                episode={episode}
                unit={unit}
                selected={episode.episode_id === selected.episode_id}
                downloading={isDownloading(episode.episode_id)}
                onSelect={() => setSelectedId(episode.episode_id)}
                onDownload={() => void download(episode)}
              />
            ))}
          </ol>
          <ListPager
            className={styles.episodePager}
            size="small"
            simple
            page={pageInfo}
            pageSize={EPISODE_PAGE_SIZE}
            onChange={setPage}
          />
        </div>
      </div>
    );
  }
}
