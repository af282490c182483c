import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError, requestErrorText } from './api';
import { toast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The action shows its failure where it happened (its form reads isError): no toast. */
      errorShownInPlace?: boolean;
    };
  }
}

/**
 * A failed action with no place of its own for the error (no onError, not shown in place) says so
 * in a toast, by the general rule (server message, the error's own message, the generic text).
 */
export function toastUnhandledMutationError(
  err: unknown,
  mutation: { options: { onError?: unknown; meta?: { errorShownInPlace?: boolean } } },
): void {
  if (mutation.options.onError || mutation.options.meta?.errorShownInPlace) return;
  toast.error(requestErrorText(err));
}

/** Client errors (4xx) will not get better by asking again; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (err, _v, _c, mutation) => toastUnhandledMutationError(err, mutation),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The app's query cache. Tests build their own with createQueryClient(). */
export const queryClient = createQueryClient();
