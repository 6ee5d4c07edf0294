/**
 * 字幕翻译's calls: the subtitle list to review (POST /ai/v1/translate/subtitles, asked again while `working`), the
 * creator's glossary (GET/PUT /ai/v1/translate/glossary) and the dubbing voices (GET /ai/v1/voices).
 */
import { toolApi, type EndpointBodyInput, type Glossary, type TranslateSubtitles } from '@cc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export type SubtitlesRequest = EndpointBodyInput<typeof toolApi.translateSubtitles>;

const translateKeys = {
  voices: ['tool', 'voices'] as const,
  glossary: ['tool', 'translate', 'glossary'] as const,
};

export const SUBTITLES_POLL_MS = 2000;

/**
 * Asks for the subtitle list until it is `ready` or `failed`, reporting every answer (its progress while
 * `working`); answers the last one, or the refusal's message. Stops quietly when `signal` aborts.
 */
export async function followSubtitles(
  body: SubtitlesRequest,
  onAnswer: (answer: TranslateSubtitles) => void,
  signal: AbortSignal,
  pollMs = SUBTITLES_POLL_MS,
): Promise<{ answer: TranslateSubtitles } | { error: string } | null> {
  for (;;) {
    const result = await call(toolApi.translateSubtitles, { body, signal });
    if (signal.aborted) return null;
    if (result.code !== 0 || !result.body) return { error: result.msg };
    onAnswer(result.body);
    if (result.body.status !== 'working') return { answer: result.body };
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    if (signal.aborted) return null;
  }
}

export function useVoices() {
  return useQuery({
    queryKey: translateKeys.voices,
    queryFn: async ({ signal }) => unwrap(await call(toolApi.voices, { signal })).data,
    staleTime: 5 * 60_000,
  });
}

export function useGlossary(enabled: boolean) {
  return useQuery({
    queryKey: translateKeys.glossary,
    queryFn: async ({ signal }) => unwrap(await call(toolApi.glossary, { signal })).data,
    enabled,
  });
}

/** Saves the whole glossary; answers the envelope so the editor shows a refusal where it belongs. */
export function useSaveGlossary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: Glossary['data']) => call(toolApi.saveGlossary, { body: { data } }),
    onSuccess: (result) => {
      if (result.code === 0 && result.body) client.setQueryData(translateKeys.glossary, result.body.data);
    },
  });
}
