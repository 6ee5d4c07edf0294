/**
 * One parsed episode: a player, and under it the layers on one time axis — scene bands (ticked to select), shot
 * ticks, the highlight curve (SVG), and the stretches suggested for removal — then the speakers' lines, the summary,
 * and the transcript, whose lines seek the player.
 */
import { Checkbox, Tag } from '@arco-design/web-react';
import { REMOVAL_KIND_LABELS, TRANSCRIPT_ORIGIN_LABELS, type EpisodeParse } from '@cc/contracts';
import { useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { fillText } from '../../../lib/fill-text';
import { formatDuration } from '../../../lib/format';
import { parseText as t } from '../../../locales/zh-CN/parse';
import { sceneKey } from './selection';
import styles from './parse-panel.module.css';

/** The curve's drawing box: 1000 units across whatever the width, 100 high. */
const WIDTH = 1000;
const HEIGHT = 100;

/** The highlight curve as an SVG polyline: one point per second, at its middle. */
export function curvePoints(highlight: readonly number[], duration: number): string {
  if (highlight.length === 0 || duration <= 0) return '';
  return highlight
    .map((score, second) => {
      const x = (Math.min(duration, second + 0.5) / duration) * WIDTH;
      return `${x.toFixed(1)},${(HEIGHT - score * HEIGHT).toFixed(1)}`;
    })
    .join(' ');
}

const percent = (seconds: number, duration: number) => `${Math.min(100, (seconds / duration) * 100)}%`;

export function EpisodeTimeline({
  episode,
  selected,
  onToggle,
}: {
  episode: EpisodeParse;
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const titleId = useId();
  const { duration } = episode;
  const seek = (seconds: number) => {
    if (!video.current) return;
    video.current.currentTime = seconds;
    void video.current.play().catch(() => undefined);
  };
  const seekAt = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    seek(((event.clientX - box.left) / box.width) * duration);
  };
  // The track is also a slider for the keyboard: arrows step five seconds.
  const seekByKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!video.current || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    const step = event.key === 'ArrowLeft' ? -5 : 5;
    seek(Math.max(0, Math.min(duration, video.current.currentTime + step)));
  };
  const range = (start: number, end: number) => ({
    start: formatDuration(start),
    end: formatDuration(Math.ceil(end)),
  });

  return (
    <article className={styles.episode} aria-labelledby={titleId}>
      <header className={styles.episodeHeader}>
        <h3 id={titleId}>{episode.name}</h3>
        <span className={styles.muted}>
          {formatDuration(duration)} · {fillText(t.shotCount, { count: episode.shots.length + 1 })} ·{' '}
          {fillText(t.sceneCount, { count: episode.scenes.length })}
        </span>
      </header>
      <div className={styles.episodeBody}>
        <video
          ref={video}
          className={styles.video}
          src={episode.url}
          poster={episode.poster_url}
          controls
          preload="metadata"
        />
        <div className={styles.layers}>
          <div
            className={styles.track}
            role="slider"
            tabIndex={0}
            aria-label={fillText(t.timelineLabel, { name: episode.name })}
            aria-valuemin={0}
            aria-valuemax={Math.round(duration)}
            aria-valuenow={0}
            onClick={seekAt}
            onKeyDown={seekByKey}
          >
            <div className={styles.layerRow} data-layer="scenes">
              {episode.scenes.map((scene, index) => (
                <span
                  key={scene.start}
                  className={`${styles.scene} ${selected.has(sceneKey(episode.media_id, index)) ? styles.sceneOn : ''}`}
                  style={{ left: percent(scene.start, duration), width: percent(scene.end - scene.start, duration) }}
                >
                  {index + 1}
                </span>
              ))}
            </div>
            <svg
              className={styles.curve}
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              preserveAspectRatio="none"
              aria-hidden="true"
            >
              {episode.removals.map((removal) => (
                <rect
                  key={removal.start}
                  className={styles.removalBand}
                  x={(removal.start / duration) * WIDTH}
                  width={((removal.end - removal.start) / duration) * WIDTH}
                  y={0}
                  height={HEIGHT}
                />
              ))}
              {episode.shots.map((cut) => (
                <line
                  key={cut}
                  className={styles.shot}
                  x1={(cut / duration) * WIDTH}
                  x2={(cut / duration) * WIDTH}
                  y1={0}
                  y2={HEIGHT}
                />
              ))}
              <polyline className={styles.line} points={curvePoints(episode.highlight, duration)} />
            </svg>
          </div>
          <div className={styles.legend} aria-hidden="true">
            <span data-key="scenes">{t.layers.scenes}</span>
            <span data-key="shots">{t.layers.shots}</span>
            <span data-key="highlight">{t.layers.highlight}</span>
            <span data-key="removals">{t.layers.removals}</span>
          </div>
          {episode.removals.length > 0 && (
            <div className={styles.tags}>
              {episode.removals.map((removal) => (
                <Tag key={removal.start} color="red" size="small">
                  {fillText(t.removal, {
                    kind: REMOVAL_KIND_LABELS[removal.kind],
                    ...range(removal.start, removal.end),
                  })}
                </Tag>
              ))}
            </div>
          )}
          <ul className={styles.sceneList} aria-label={t.layers.scenes}>
            {episode.scenes.map((scene, index) => {
              const key = sceneKey(episode.media_id, index);
              const times = range(scene.start, scene.end);
              return (
                <li key={key}>
                  <Checkbox
                    checked={selected.has(key)}
                    onChange={() => onToggle(key)}
                    aria-label={fillText(t.sceneLabel, { n: index + 1, ...times })}
                  >
                    {fillText(t.scene, { n: index + 1 })}{' '}
                    <span className={styles.muted}>{fillText(t.sceneRange, times)}</span>
                  </Checkbox>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <div className={styles.texts}>
        <section>
          <h4>{t.episodeSummary}</h4>
          <p className={episode.summary ? undefined : styles.muted}>{episode.summary ?? t.noSummary}</p>
          <h4>{t.characters}</h4>
          {episode.characters.length > 0 ? (
            <div className={styles.tags}>
              {episode.characters.map((character) => (
                <Tag key={character.speaker} color="arcoblue">
                  {fillText(t.characterLine, {
                    speaker: character.speaker,
                    lines: character.lines,
                    seconds: Math.round(character.seconds),
                  })}
                </Tag>
              ))}
            </div>
          ) : (
            <p className={styles.muted}>{t.noCharacters}</p>
          )}
        </section>
        <section>
          <h4>
            {t.layers.transcript}{' '}
            <span className={styles.muted}>
              {fillText(t.transcriptOrigin, { origin: TRANSCRIPT_ORIGIN_LABELS[episode.transcript.origin] })}
            </span>
          </h4>
          {episode.transcript.cues.length === 0 ? (
            <p className={styles.muted}>{fillText(t.noTranscript, { reason: episode.transcript.reason ?? '' })}</p>
          ) : (
            <ol className={styles.transcript}>
              {episode.transcript.cues.map((cue) => {
                const time = formatDuration(cue.start_ms / 1000);
                return (
                  <li key={`${cue.start_ms}-${cue.text}`}>
                    <button
                      type="button"
                      className={styles.cue}
                      onClick={() => seek(cue.start_ms / 1000)}
                      aria-label={fillText(t.seekLine, { time, text: cue.text })}
                    >
                      <span className={styles.cueTime}>{time}</span>
                      {cue.speaker && <strong>{cue.speaker}：</strong>}
                      <span>{cue.text}</span>
                    </button>
                  </li>
                );
              })}
            </ol>
          )}
        </section>
      </div>
    </article>
  );
}
