import { TOAST_DEFAULT_MS } from '@bm/core';
import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { toasterReady } from '../lib/toast';

/** sonner's toaster, bottom-right; once it listens, the toasts asked for so far show. */
export default function AppToaster() {
  // The Toaster below subscribes in its own effect, which runs before this one.
  useEffect(() => toasterReady(toast), []);
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
