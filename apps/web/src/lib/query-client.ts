/**
 * The app's single TanStack Query client. Failed loads surface through the generic failure toast; mutations answer
 * with envelopes (the API client never throws), so each caller words its own failure.
 */
import { ErrorCode } from '@cc/contracts';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { toastFailure } from './toast';

interface FailureMeta {
  /** The screen shows this call's failure in place, so the generic toast stays quiet. */
  showsOwnError?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: FailureMeta;
  }
}

function toastFailureOf(error: Error, meta: FailureMeta | undefined): void {
  // A 401 already told the user their session expired; a second toast would only repeat it.
  if (meta?.showsOwnError || (error instanceof ApiError && error.code === ErrorCode.unauthorized)) return;
  toastFailure(error instanceof ApiError ? error.msg : '');
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => toastFailureOf(error, query.meta) }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // One retry rides out a flaky network; retrying a 401 or a validation answer cannot help.
      retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.code > 0),
    },
  },
});
