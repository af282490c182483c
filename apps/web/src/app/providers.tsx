import { TOAST_DEFAULT_MS } from '@bm/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import { ConfigProvider, DEFAULT_CONFIG, type RuntimeConfig } from '../lib/config';
import { queryClient as appQueryClient } from '../lib/query-client';

export function Toasts() {
  return (
    <Toaster
      position="bottom-right"
      theme="dark"
      richColors
      closeButton
      duration={TOAST_DEFAULT_MS}
      containerAriaLabel="Notifications"
    />
  );
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
