/**
 * 影视解说's calls: the voices (`GET /ai/v1/voices`), the music library by style (`GET /ai/v1/music`), the script preview (`POST /ai/v1/commentary/script`, asked
 * again while it is written) and the script an earlier job rendered (history).
 */
import { commentaryApi, musicApi, toolApi, type CommentaryScript, type CommentaryScriptRequest } from '@cc/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { toolKeys } from './query-keys';

const POLL_MS = 1500;

export function useVoices() {
  return useQuery({
    queryKey: toolKeys.voices,
    queryFn: async ({ signal }) => unwrap(await call(toolApi.voices, { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** The background music by style, each track with a signed preview address (valid for hours). */
export function useMusicStyles() {
  return useQuery({
    queryKey: toolKeys.music,
    queryFn: async ({ signal }) => unwrap(await call(musicApi.musicStyles, { signal })).data,
    staleTime: 30 * 60_000,
  });
}

/** Asks for the script until it is ready or failed; `onProgress` sees each answer. Resolves null when aborted. */
export async function writeScript(
  body: CommentaryScriptRequest,
  signal: AbortSignal,
  onProgress: (script: CommentaryScript) => void,
): Promise<CommentaryScript | null> {
  let request = body;
  for (;;) {
    const answer = unwrap(await call(commentaryApi.script, { body: request, signal }));
    if (signal.aborted) return null;
    onProgress(answer);
    if (answer.status !== 'working') return answer;
    // Only the first request starts a fresh script; the next ones read how it goes.
    request = { ...body, fresh: false };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (signal.aborted) return null;
  }
}

export async function jobScript(jobId: string): Promise<CommentaryScript> {
  return unwrap(await call(commentaryApi.jobScript, { params: { id: jobId } }));
}
