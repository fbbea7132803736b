import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

function isRetryable(error: unknown): boolean {
  // A 4xx answer will not change on retry; only network trouble and server errors are retried.
  return !(error instanceof ApiError) || error.failure.type === 'network' || error.status >= 500;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
    },
    mutations: { retry: false },
  },
});
