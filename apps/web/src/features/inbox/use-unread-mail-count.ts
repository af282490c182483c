import { MAIL_EVENT, type MailEvent } from '@bm/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setTitleUnreadCount } from '../../components/use-document-title';
import { useAuth, useAuthStatus } from '../../lib/auth';
import { useRealtimeEvent } from '../../lib/realtime';
import { mailKeys, unreadCountQuery } from './api';

/**
 * The one source of the unread mail count shown in the top bar, the menus and the tab title:
 * GET /mail/unread-count, then kept current by the unread count every MailEvent carries.
 */
export function useUnreadMailCount(): number {
  const status = useAuthStatus();
  const memberId = useAuth().member?.id ?? 0;
  const signedIn = status === 'authenticated' && memberId > 0;
  const queryClient = useQueryClient();
  const query = useQuery({ ...unreadCountQuery(memberId), enabled: signedIn });

  useRealtimeEvent<MailEvent>(MAIL_EVENT, (event) => {
    if (!signedIn) return;
    const queryKey = mailKeys.unread(memberId);
    if (typeof event?.unread !== 'number') {
      void queryClient.invalidateQueries({ queryKey });
      return;
    }
    // The event's count is newer than any answer still on its way.
    void queryClient.cancelQueries({ queryKey }, { revert: false });
    queryClient.setQueryData(queryKey, { count: event.unread });
  });

  const count = signedIn ? (query.data?.count ?? 0) : 0;
  useEffect(() => {
    setTitleUnreadCount(count);
  }, [count]);
  return count;
}
