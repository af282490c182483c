import { hasRole, TOAST_DEPLOY_ADMIN_MS, TOAST_DEPLOY_OTHERS_MS } from '@bm/core';
import { whenAuthSettled } from '../lib/auth';
import { useRealtimeEvent, type ServerDeployedEvent } from '../lib/realtime';
import { toast } from '../lib/toast';
import { shellT } from './shell/shell-text';

/** 'ServerDeployed': administrators see the version, everyone else a prompt to refresh. */
export function useServerDeployedToasts(): void {
  useRealtimeEvent<ServerDeployedEvent>('ServerDeployed', (event) => {
    // The event can arrive on the first connect, before the session (and its roles) has loaded.
    void whenAuthSettled().then(({ roles }) => {
      if (hasRole(roles, 'administrator')) {
        toast.info(shellT()('deploy.admin', { version: String(event?.version ?? '') }), {
          duration: TOAST_DEPLOY_ADMIN_MS,
        });
      } else {
        toast.info(shellT()('deploy.others'), { duration: TOAST_DEPLOY_OTHERS_MS, id: 'new-version' });
      }
    });
  });
}
