import { hasRole, TOAST_DEPLOY_ADMIN_MS, TOAST_DEPLOY_OTHERS_MS } from '@bm/core';
import { whenAuthSettled } from '../lib/auth';
import { useRealtimeEvent, type ServerDeployedEvent } from '../lib/realtime';
import { toast } from '../lib/toast';

export const DEPLOY_TEXT = {
  admin: (version: string) => `Server deployed: v${version}`,
  others: 'A new version is available! Refresh your page to get the latest updates.',
} as const;

/** 'ServerDeployed': administrators see the version, everyone else a prompt to refresh. */
export function useServerDeployedToasts(): void {
  useRealtimeEvent<ServerDeployedEvent>('ServerDeployed', (event) => {
    // The event can arrive on the first connect, before the session (and its roles) has loaded.
    void whenAuthSettled().then(({ roles }) => {
      if (hasRole(roles, 'administrator')) {
        toast.info(DEPLOY_TEXT.admin(String(event?.version ?? '')), { duration: TOAST_DEPLOY_ADMIN_MS });
      } else {
        toast.info(DEPLOY_TEXT.others, { duration: TOAST_DEPLOY_OTHERS_MS, id: 'new-version' });
      }
    });
  });
}
