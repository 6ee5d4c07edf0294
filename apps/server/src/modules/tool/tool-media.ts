/**
 * What the tool jobs need of the media library, as a port: the library's service implements it, and the jobs never
 * touch media tables or storage themselves.
 */
import type { Media, MusicStyle } from '@cc/contracts';

export type ToolMediaType = 'video' | 'subtitle' | 'audio';

export interface ToolMediaItem {
  id: number;
  name: string;
  /** Seconds. */
  duration: number;
}

export interface ToolMediaLibrary {
  /** The agent's ready media with these ids, in the order asked; throws `mediaNotFound` / `toolMediaNotReady`, and `toolMediaWrongType` when one is not of `type` (default video). */
  requireReady(agentId: number, ids: number[], type?: ToolMediaType): Promise<ToolMediaItem[]>;
  /** Runs `fn` with a local path of the medium's file (downloaded first from object storage), released after. */
  withLocalFile<T>(agentId: number, mediaId: number, fn: (file: string) => Promise<T>): Promise<T>;
  /**
   * Moves a rendered file into the library as the job's output; answers its media id. A `subtitle` output (an SRT
   * or ASS file beside a translated video) is stored as it is, with no probe and no poster.
   */
  addOutput(
    agentId: number,
    output: { file: string; name: string; jobId: string; type?: ToolMediaType },
  ): Promise<number>;
  /** Background music of a style: the `index`-th track of that style (wrapping), or null when the library has none. */
  musicTrack(style: MusicStyle, index: number): Promise<{ id: number; name: string } | null>;
  /** Runs `fn` with a local path of a music track's file, released after. */
  withMusicFile<T>(trackId: number, fn: (file: string) => Promise<T>): Promise<T>;
  /** Removes every output of a job (a failed or cancelled job leaves nothing behind). */
  deleteOutputsOf(agentId: number, jobId: string): Promise<void>;
  /** The contract shapes (signed addresses) of the agent's media with these ids, deleted ones left out. */
  describe(agentId: number, ids: number[]): Promise<Map<number, Media>>;
  /** The library refuses to delete a medium a queued or running job reads; the tool module tells it which. */
  setInUseCheck(check: (agentId: number, mediaId: number) => Promise<boolean>): void;
  /** Background music of a style: the `index`-th track of that style (wrapping), or null when the library has none. */
  musicTrack(style: MusicStyle, index: number): Promise<{ id: number; name: string } | null>;
  /** Runs `fn` with a local path of a music track's file, released after. */
  withMusicFile<T>(trackId: number, fn: (file: string) => Promise<T>): Promise<T>;
}
