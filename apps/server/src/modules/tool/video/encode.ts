/** The one output format of every render: H.264 yuv420p + AAC in mp4 with faststart, metadata stripped. */

/** x264 preset of renders (VIDEO_PRESET overrides; `veryfast` suits 2 cores). */
export const videoPreset = () => process.env.VIDEO_PRESET ?? 'veryfast';

export function encodeArgs({ hasAudio }: { hasAudio: boolean }): string[] {
  return [
    ...['-c:v', 'libx264', '-preset', videoPreset(), '-crf', '21', '-pix_fmt', 'yuv420p'],
    ...(hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ar', '44100', '-ac', '2'] : ['-an']),
    // No title, creation time, encoder or chapter of the source survives.
    ...['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact'],
    ...['-flags:v', '+bitexact', '-flags:a', '+bitexact', '-movflags', '+faststart'],
  ];
}

/** Even, at least 2. */
export const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);
