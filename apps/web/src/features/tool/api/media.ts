/** The media library calls: the list, usage, rename, delete, and catalogue episodes (`/ai/v1/media`). */
import type { Media, Paged } from '@cc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { toolKeys } from './query-keys';

export interface MediaQuery {
  keyword?: string;
  folder?: string;
  kind?: Media['kind'];
  status?: Media['status'];
  page_num: number;
  page_size: number;
}

/** The list, polled while anything in it is still being processed. */
export function useMediaList(query: MediaQuery, { enabled = true } = {}) {
  return useQuery({
    queryKey: [...toolKeys.media, query],
    queryFn: async ({ signal }) =>
      unwrap(await request<Paged<Media>>('GET', '/ai/v1/media', { query: { ...query }, signal })),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (q) => (q.state.data?.data.some((m) => m.status === 'processing') ? 2000 : false),
  });
}

/** One item, followed while it is being processed (an upload row waits for it to be ready). */
export function useMediaItem(id: number | null) {
  return useQuery({
    queryKey: [...toolKeys.media, 'item', id],
    queryFn: async ({ signal }) => unwrap(await request<Media>('GET', `/ai/v1/media/${id}`, { signal })),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'processing' ? 2000 : false),
  });
}

export function useMediaUsage() {
  return useQuery({
    queryKey: toolKeys.usage,
    queryFn: async ({ signal }) =>
      unwrap(
        await request<{ used_bytes: number; quota_bytes: number; max_file_bytes: number; count: number }>(
          'GET',
          '/ai/v1/media/usage',
          { signal },
        ),
      ),
  });
}

export function deleteMedia(id: number) {
  return request<null>('POST', `/ai/v1/media/${id}/delete`);
}

export function renameMedia(id: number, fields: { name?: string; folder?: string }) {
  return request<Media>('POST', `/ai/v1/media/${id}/update`, { body: fields });
}
