/**
 * One job, live: GET /ai/v1/jobs/{id}/events (server-sent events) while it runs, falling back to polling
 * GET /ai/v1/jobs/{id} every 2 s when the stream cannot be read; stops at a terminal status.
 */
import { fillPath, isTerminalToolJob, toolApi, type ToolJob } from '@cc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiUrl, authorizedHeaders, call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { readSse } from './sse';
import { toolKeys } from './query-keys';

const POLL_MS = 2000;

export function getJob(id: string, signal?: AbortSignal) {
  return call(toolApi.job, { params: { id }, signal });
}

export function useJob(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: toolKeys.job(id ?? ''),
    queryFn: async ({ signal }) => unwrap(await getJob(id!, signal)),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && !isTerminalToolJob(q.state.data.status) ? POLL_MS * 5 : false),
  });
  const live = query.data !== undefined && !isTerminalToolJob(query.data.status);

  useEffect(() => {
    if (!id || !live) return;
    const controller = new AbortController();
    let poll: ReturnType<typeof setInterval> | null = null;
    const put = (job: ToolJob) => {
      queryClient.setQueryData(toolKeys.job(id), job);
      if (isTerminalToolJob(job.status)) {
        void queryClient.invalidateQueries({ queryKey: toolKeys.jobs });
        void queryClient.invalidateQueries({ queryKey: toolKeys.media });
        void queryClient.invalidateQueries({ queryKey: ['credit'] });
      }
    };
    const fallBackToPolling = () => {
      if (controller.signal.aborted || poll) return;
      poll = setInterval(() => {
        void getJob(id).then((result) => result.code === 0 && result.body && put(result.body));
      }, POLL_MS);
    };
    // An event stream, read as it comes: a fetch of its own (`call` reads one envelope).
    fetch(apiUrl(fillPath(toolApi.events.path, { id })), {
      headers: authorizedHeaders(),
      signal: controller.signal,
    })
      .then((response) => {
        if (!response.ok || !response.body) return fallBackToPolling();
        return readSse(
          response.body,
          (event) => event.event === 'job' && put(JSON.parse(event.data) as ToolJob),
          controller.signal,
        );
      })
      .catch(fallBackToPolling);
    return () => {
      controller.abort();
      if (poll) clearInterval(poll);
    };
  }, [id, live, queryClient]);

  return query;
}
