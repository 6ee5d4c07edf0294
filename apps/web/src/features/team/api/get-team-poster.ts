/**
 * My invite poster, a PNG made by the server. It sits behind login, so it is fetched with
 * the API headers as a blob (an <img src> could not send the token) and named as the server's header says.
 */
import { teamApi } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestFile } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { filenameFromContentDisposition } from '../../../lib/download';
import { team as teamText } from '../../../locales/zh-CN/team';
import { teamQueryKey } from './query-keys';

export interface TeamPoster {
  blob: Blob;
  fileName: string;
}

export function teamPosterQueryOptions() {
  return queryOptions({
    queryKey: [...teamQueryKey, 'poster'],
    queryFn: async ({ signal }): Promise<TeamPoster> => {
      const file = unwrap(await requestFile(teamApi.poster.path, { signal }));
      const fileName = filenameFromContentDisposition(file.contentDisposition) ?? teamText.poster.fileName;
      return { blob: file.blob, fileName };
    },
    meta: { showsOwnError: true },
    // The poster changes only with the nickname or the link; one fetch per visit is plenty.
    staleTime: 10 * 60_000,
  });
}

export function useTeamPoster() {
  return useQuery(teamPosterQueryOptions());
}
