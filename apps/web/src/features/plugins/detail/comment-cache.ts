import { COMMENT_EVENTS, type Comment } from '@bm/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { GROUP_JOINED, joinPlugin, leavePlugin, useRealtimeEvent } from '../../../lib/realtime';
import { commentsPaging, pluginKeys, sortComments, type CommentsData } from '../api';

type Patch = (list: Comment[]) => Comment[];

/** Every change lands in the one cached list, which holds the newest page and any older pages loaded. */
function patchComments(client: QueryClient, pluginId: number, patch: Patch): void {
  client.setQueryData<CommentsData>(pluginKeys.comments(pluginId), (old) =>
    old ? { ...old, items: patch(old.items) } : old,
  );
}

/** Adds an older page under the loaded ones; a page shorter than a full one is the last. */
export function addOlderComments(client: QueryClient, pluginId: number, page: Comment[]): void {
  client.setQueryData<CommentsData>(pluginKeys.comments(pluginId), (old) => {
    if (!old) return old;
    const known = new Set(old.items.map((c) => c.id));
    return {
      items: sortComments([...old.items, ...page.filter((c) => !known.has(c.id))]),
      hasMore: page.length >= commentsPaging.size,
    };
  });
}

/** Adds a comment unless it is there already (your own post's event and answer both arrive). */
export function addComment(client: QueryClient, pluginId: number, comment: Comment): void {
  patchComments(client, pluginId, (list) =>
    list.some((c) => c.id === comment.id) ? list : sortComments([comment, ...list]),
  );
}

/** Replaces a comment's text, keeping the viewer's own vote. */
export function updateComment(client: QueryClient, pluginId: number, comment: Comment): void {
  patchComments(client, pluginId, (list) =>
    list.map((c) =>
      c.id === comment.id
        ? {
            ...c,
            body: comment.body,
            updatedAt: comment.updatedAt,
            upvotes: comment.upvotes,
            downvotes: comment.downvotes,
          }
        : c,
    ),
  );
}

export function setCommentVotes(
  client: QueryClient,
  pluginId: number,
  id: number,
  votes: Partial<Pick<Comment, 'upvotes' | 'downvotes' | 'myVote'>>,
): void {
  patchComments(client, pluginId, (list) => list.map((c) => (c.id === id ? { ...c, ...votes } : c)));
}

export function removeComment(client: QueryClient, pluginId: number, id: number): void {
  patchComments(client, pluginId, (list) => list.filter((c) => c.id !== id));
}

interface VotedEvent {
  id: number;
  pluginId: number;
  upvotes: number;
  downvotes: number;
}

/**
 * While a plugin is open the page is in its real-time group (JoinPlugin / LeavePlugin), and the four
 * comment events update the cached comments (§4).
 */
export function useLiveComments(pluginId: number): void {
  const client = useQueryClient();
  useEffect(() => {
    joinPlugin(pluginId);
    return () => leavePlugin(pluginId);
  }, [pluginId]);

  // Joined after the comments were read (a visitor's page joins on its first interaction; a
  // reconnect): what was posted meanwhile came with no event, so they are read again.
  useRealtimeEvent<number>(GROUP_JOINED, (id) => {
    if (id === pluginId && client.getQueryState(pluginKeys.comments(pluginId))?.dataUpdatedAt)
      void client.invalidateQueries({ queryKey: pluginKeys.comments(pluginId) });
  });
  useRealtimeEvent<Comment>(COMMENT_EVENTS.created, (c) => {
    if (c?.pluginId === pluginId) addComment(client, pluginId, { ...c, myVote: 'N' });
  });
  useRealtimeEvent<Comment>(COMMENT_EVENTS.updated, (c) => {
    if (c?.pluginId === pluginId) updateComment(client, pluginId, c);
  });
  useRealtimeEvent<VotedEvent>(COMMENT_EVENTS.voted, (e) => {
    if (e?.pluginId === pluginId)
      setCommentVotes(client, pluginId, e.id, { upvotes: e.upvotes, downvotes: e.downvotes });
  });
  useRealtimeEvent<{ id: number; pluginId: number }>(COMMENT_EVENTS.deleted, (e) => {
    if (e?.pluginId === pluginId) removeComment(client, pluginId, e.id);
  });
}
