/**
 * Scenes the creator ticks on 短剧解析's timelines, as the clips another tool takes: in episode order and time order,
 * with the stretches marked for removal (opening, recap, ending) cut out of them.
 */
import type { EpisodeParse, TimelineClip } from '@cc/contracts';

/** A ticked scene: its episode and its index among the episode's scenes. */
export const sceneKey = (mediaId: number, index: number) => `${mediaId}:${index}`;

/** Shorter pieces are left out: the mixed cut takes clips of at least half a second. */
const MIN_CLIP_SECONDS = 0.5;

/** [start, end] without the parts inside any of `cuts`. */
function without(start: number, end: number, cuts: readonly { start: number; end: number }[]): [number, number][] {
  let pieces: [number, number][] = [[start, end]];
  for (const cut of cuts) {
    pieces = pieces.flatMap(([a, b]): [number, number][] => {
      if (cut.end <= a || cut.start >= b) return [[a, b]];
      const before: [number, number] = [a, Math.max(a, cut.start)];
      const after: [number, number] = [Math.min(b, cut.end), b];
      return [before, after].filter(([x, y]) => y > x);
    });
  }
  return pieces;
}

export function selectedClips(episodes: readonly EpisodeParse[], selected: ReadonlySet<string>): TimelineClip[] {
  return episodes.flatMap((episode) =>
    episode.scenes.flatMap((scene, index) =>
      selected.has(sceneKey(episode.media_id, index))
        ? without(scene.start, scene.end, episode.removals)
            .filter(([a, b]) => b - a >= MIN_CLIP_SECONDS)
            .map(([start, end]) => ({ media_id: episode.media_id, start, end }))
        : [],
    ),
  );
}

/** The media of the clips, in the order they first appear. */
export const mediaOfClips = (clips: readonly TimelineClip[]) => [...new Set(clips.map((clip) => clip.media_id))];

/** Seconds the clips last together. */
export const secondsOf = (clips: readonly TimelineClip[]) =>
  Math.round(clips.reduce((sum, clip) => sum + clip.end - clip.start, 0) * 10) / 10;
