/** Helpers every tool run shares: several media as local files at once, and an output's name from its source's. */
import type { ToolMediaLibrary } from './tool-media.js';

/** Runs `fn` with local paths of all these media (each released after). */
export function withLocalFiles<T>(
  media: ToolMediaLibrary,
  agentId: number,
  ids: readonly number[],
  fn: (files: Map<number, string>) => Promise<T>,
  files = new Map<number, string>(),
): Promise<T> {
  const [first, ...rest] = ids;
  if (first === undefined) return fn(files);
  return media.withLocalFile(agentId, first, (file) =>
    withLocalFiles(media, agentId, rest, fn, new Map(files).set(first, file)),
  );
}

/** A source's name without its extension, at most 60 characters, for output names. */
export function baseName(name: string): string {
  return name.replace(/\.[^.]+$/, '').slice(0, 60) || '视频';
}
