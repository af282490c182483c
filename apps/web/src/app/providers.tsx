import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { ConfirmProvider } from '../components/ui/confirm-provider';
import { ConfigProvider, DEFAULT_CONFIG, type RuntimeConfig } from '../lib/config';
import { queryClient as appQueryClient } from '../lib/query-client';
import { onToasterRequested, toasterRequested } from '../lib/toast';

const AppToaster = lazy(() => import('./toaster'));

/** The toaster (and sonner with it) loads with the first toast, not with the first page. */
export function Toasts() {
  const requested = useSyncExternalStore(onToasterRequested, toasterRequested, () => false);
  return requested ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

export function Providers({
  children,
  config = DEFAULT_CONFIG,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  config?: RuntimeConfig;
  queryClient?: QueryClient;
}) {
  return (
    <ConfigProvider value={config}>
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>{children}</ConfirmProvider>
        <Toasts />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
