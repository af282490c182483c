import { useEffect, useRef, useSyncExternalStore } from 'react';
import { APP_VERSION } from '../site';
import { RealtimeClient, type ConnectionState } from './client';

export { RealtimeClient, HUB_PATH, MAX_ATTEMPTS_WARNING, DEFERRED_START_MS, GROUP_JOINED } from './client';
export type { ConnectionState, HandshakeAuth, RealtimeOptions, SocketLike } from './client';

/** The app's one real-time connection. The session wires the token in at start-up. */
export const realtime = new RealtimeClient({ version: APP_VERSION });

/** Plugin pages join the plugin's group while open (comment events). */
export function joinPlugin(pluginId: number | string): void {
  realtime.joinPlugin(pluginId);
}

export function leavePlugin(pluginId: number | string): void {
  realtime.leavePlugin(pluginId);
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(
    (cb) => realtime.subscribeState(cb),
    () => realtime.state,
    () => realtime.state,
  );
}

/** Server-deployed event payload. */
export interface ServerDeployedEvent {
  version: string;
}

/** Run a handler for a server event while the component is mounted. */
export function useRealtimeEvent<T>(event: string, handler: (payload: T) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => realtime.on<T>(event, (payload) => ref.current(payload)), [event]);
}
