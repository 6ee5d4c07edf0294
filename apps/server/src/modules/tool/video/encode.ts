/** The one output format of every render: H.264 yuv420p + AAC in mp4 with faststart, metadata stripped. */

/** x264's presets, fastest first: the values VIDEO_PRESET accepts. */
export const VIDEO_PRESETS = [
  'ultrafast',
  'superfast',
  'veryfast',
  'faster',
  'fast',
  'medium',
  'slow',
  'slower',
  'veryslow',
  'placebo',
] as const;
export type VideoPreset = (typeof VIDEO_PRESETS)[number];
/** `veryfast` suits 2 cores; the configuration (VIDEO_PRESET) passes its choice down to each render. */
export const DEFAULT_VIDEO_PRESET: VideoPreset = 'veryfast';

export function encodeArgs({
  hasAudio,
  preset = DEFAULT_VIDEO_PRESET,
}: {
  hasAudio: boolean;
  preset?: VideoPreset;
}): string[] {
  return [
    ...['-c:v', 'libx264', '-preset', preset, '-crf', '21', '-pix_fmt', 'yuv420p'],
    ...(hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ar', '44100', '-ac', '2'] : ['-an']),
    // No title, creation time, encoder or chapter of the source survives.
    ...['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact'],
    ...['-flags:v', '+bitexact', '-flags:a', '+bitexact', '-movflags', '+faststart'],
  ];
}

/** Even, at least 2. */
export const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);
