/** The app's single TanStack Query client; load failures surface through the generic failure toast. */
import { ErrorCode } from '@cc/contracts';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { toastFailure } from './toast';

// A 401 already told the user their session expired; a second toast would only repeat it.
function toastUnlessUnauthorized(error: Error): void {
  if (error instanceof ApiError && error.code === ErrorCode.unauthorized) return;
  toastFailure(error instanceof ApiError ? error.msg : '');
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: toastUnlessUnauthorized }),
  mutationCache: new MutationCache({ onError: toastUnlessUnauthorized }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // One retry rides out a flaky network; retrying a 401 or a validation answer cannot help.
      retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.code > 0),
    },
  },
});
