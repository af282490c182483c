import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** Client errors (4xx) will not get better by asking again; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The app's query cache. Tests build their own with createQueryClient(). */
export const queryClient = createQueryClient();
