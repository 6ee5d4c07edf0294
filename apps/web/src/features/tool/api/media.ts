/**
 * The media library's queries: the list, one item (polled while processing), items by id, and usage (`/ai/v1/media`).
 */
import { mediaApi, type EndpointQueryInput } from '@cc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { toolKeys } from './query-keys';

export type MediaQuery = EndpointQueryInput<typeof mediaApi.list>;

/** The list, polled while anything in it is still being processed. */
export function useMediaList(query: MediaQuery, { enabled = true } = {}) {
  return useQuery({
    queryKey: [...toolKeys.media, query],
    queryFn: async ({ signal }) => unwrap(await call(mediaApi.list, { query, signal })),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (q) => (q.state.data?.data.some((m) => m.status === 'processing') ? 2000 : false),
  });
}

/** One item, followed while it is being processed (an upload row waits for it to be ready). */
export function useMediaItem(id: number | null) {
  return useQuery({
    queryKey: [...toolKeys.media, 'item', id],
    queryFn: async ({ signal }) => unwrap(await call(mediaApi.one, { params: { id: id! }, signal })),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'processing' ? 2000 : false),
  });
}

/** Several items by id, in the order asked, those not found (deleted, another's) left out: media handed in a link. */
export function useMediaByIds(ids: readonly number[]) {
  return useQuery({
    queryKey: [...toolKeys.media, 'ids', ids.join(',')],
    queryFn: async ({ signal }) => {
      const answers = await Promise.all(ids.map((id) => call(mediaApi.one, { params: { id }, signal })));
      return answers.flatMap((answer) => (answer.code === 0 && answer.body ? [answer.body] : []));
    },
    enabled: ids.length > 0,
  });
}

export function useMediaUsage() {
  return useQuery({
    queryKey: toolKeys.usage,
    queryFn: async ({ signal }) => unwrap(await call(mediaApi.usage, { signal })),
  });
}

/** The creator's folders with their counts (the library's folder filter and the editor's suggestions). */
export function useMediaFolders() {
  return useQuery({
    queryKey: toolKeys.folders,
    queryFn: async ({ signal }) => unwrap(await call(mediaApi.folders, { signal })),
  });
}
