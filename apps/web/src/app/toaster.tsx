import { TOAST_DEFAULT_MS } from '@bm/core';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { toast, Toaster } from 'sonner';
import { toasterReady } from '../lib/toast';
import { useShellT } from './shell/shell-text';

/**
 * sonner's toaster, bottom-right; once it listens, the toasts asked for so far show. Beside #root
 * (in body), so toasts still reach a screen reader while a dialog makes the app inert.
 */
export default function AppToaster() {
  // The Toaster below subscribes in its own effect, which runs before this one.
  const t = useShellT();
  useEffect(() => toasterReady(toast), []);
  return createPortal(
    <Toaster
      position="bottom-right"
      theme="dark"
      richColors
      closeButton
      duration={TOAST_DEFAULT_MS}
      containerAriaLabel={t('notifications')}
    />,
    document.body,
  );
}
