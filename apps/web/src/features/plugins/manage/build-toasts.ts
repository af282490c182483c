import type { Plugin, SubmissionUpdatedEvent } from '@bm/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api';
import { useCurrentMember, whenAuthSettled } from '../../../lib/auth';
import { joinPlugin, leavePlugin, useRealtimeEvent } from '../../../lib/realtime';
import { toast } from '../../../lib/toast';
import { myPluginKeys } from './api';

// The toast texts (the manage page's constants) load with the first event, not with every page.
const submissionEvents = () => import('./submission-events');

/** The signed-in member's own plugins (GET /plugins/my), for the build toasts. */
export const myPluginListQuery = (memberId: number) =>
  queryOptions({
    queryKey: myPluginKeys.list(memberId),
    queryFn: ({ signal }) => api.get<Plugin[]>('/plugins/my', { signal }),
    staleTime: 60_000,
  });

/**
 * Wherever a member is in the app, the builds of their own plugins show as toasts (shell spec §4):
 * the client joins one group per owned plugin, ignores events of plugins it does not own once it
 * knows them, shows 'Build started' / 'Build finished' once per id and status within 1.5 s, and
 * refreshes what it holds of that plugin (the manage page's submissions).
 */
export function useOwnPluginBuildToasts(): void {
  const member = useCurrentMember();
  const client = useQueryClient();
  const own = useQuery({ ...myPluginListQuery(member?.id ?? 0), enabled: member !== null });
  const seen = useRef(new Map<string, number>());

  // A helper of the whole shell: an odd answer must never break the page around it.
  const ids = member && Array.isArray(own.data) ? own.data.map((p) => p.id) : [];
  const idsKey = ids.join(',');
  useEffect(() => {
    const joined = idsKey ? idsKey.split(',').map(Number) : [];
    for (const id of joined) joinPlugin(id);
    return () => {
      for (const id of joined) leavePlugin(id);
    };
  }, [idsKey]);

  /** Whether the plugin is the member's: by the list, read again when the plugin is not on it (it may be new). */
  const owns = async (memberId: number, pluginId: number): Promise<boolean> => {
    const known = await client.ensureQueryData(myPluginListQuery(memberId)).catch(() => null);
    // The list could not be read: not known, so nothing is ignored.
    if (!Array.isArray(known)) return true;
    if (known.some((p) => p.id === pluginId)) return true;
    const fresh = await client.fetchQuery({ ...myPluginListQuery(memberId), staleTime: 0 }).catch(() => known);
    return Array.isArray(fresh) && fresh.some((p) => p.id === pluginId);
  };

  useRealtimeEvent<SubmissionUpdatedEvent>('SubmissionUpdated', (event) => {
    if (!event) return;
    const pluginId = Number(event.pluginId);
    // The socket connects with the stored token at once; the member loads a moment later.
    void whenAuthSettled().then(async ({ member: settled }) => {
      if (!settled || !(await owns(settled.id, pluginId))) return;
      void client.invalidateQueries({ queryKey: myPluginKeys.one(pluginId) });
      const { submissionEventToast } = await submissionEvents();
      const text = submissionEventToast(event, seen.current);
      if (text) toast.info(text);
    });
  });
}
