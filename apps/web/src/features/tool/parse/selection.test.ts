import type { EpisodeParse } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { mediaOfClips, sceneKey, secondsOf, selectedClips } from './selection';

const episode = (mediaId: number, scenes: [number, number][], removals: [number, number][] = []): EpisodeParse => ({
  media_id: mediaId,
  name: `第${mediaId}集`,
  url: '',
  poster_url: '',
  duration: scenes.at(-1)![1],
  shots: [],
  scenes: scenes.map(([start, end]) => ({ start, end, shots: 1 })),
  transcript: { origin: 'none', language: 'zh', reason: '无', cues: [] },
  characters: [],
  summary: null,
  highlight: [],
  removals: removals.map(([start, end]) => ({ start, end, kind: 'opening' })),
  parsed_at: '2026-11-30T00:00:00.000Z',
});

describe('selectedClips', () => {
  it('keeps episode and time order and cuts the stretches marked for removal out of the ticked scenes', () => {
    const episodes = [
      episode(
        7,
        [
          [0, 10],
          [10, 20],
        ],
        [[0, 3]],
      ),
      episode(3, [[0, 8]], [[2.8, 3]]),
    ];
    const clips = selectedClips(episodes, new Set([sceneKey(3, 0), sceneKey(7, 0), sceneKey(7, 1)]));
    expect(clips).toEqual([
      { media_id: 7, start: 3, end: 10 },
      { media_id: 7, start: 10, end: 20 },
      { media_id: 3, start: 0, end: 2.8 },
      { media_id: 3, start: 3, end: 8 },
    ]);
    expect(mediaOfClips(clips)).toEqual([7, 3]);
    expect(secondsOf(clips)).toBe(24.8);
  });

  it('drops a scene that is all opening, and pieces too short to be a clip', () => {
    const episodes = [
      episode(
        1,
        [
          [0, 2],
          [2, 2.3],
          [2.3, 6],
        ],
        [
          [0, 2],
          [2.3, 5.8],
        ],
      ),
    ];
    expect(selectedClips(episodes, new Set([sceneKey(1, 0), sceneKey(1, 1), sceneKey(1, 2)]))).toEqual([]);
  });
});
