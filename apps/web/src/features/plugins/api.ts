import {
  COMMENTS_PAGE_SIZE,
  type Comment,
  type CommentVote,
  type CommentVoteResponse,
  type FollowResponse,
  type PluginDetail,
  type PluginDownloadResponse,
  type PluginFeaturedResponse,
  type PluginRating,
  type PluginVersion,
  type PluginViewResponse,
  type SkipBuildServerResponse,
  type ReportCommentRequest,
  type ReportPluginRequest,
} from '@bm/core';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { pluginKeys } from './list-api';

export { pluginKeys, pluginsListQuery, tagsQuery, type PluginsListParams, type PluginsListResult } from './list-api';

export const pluginDetailQuery = (id: number) =>
  queryOptions({
    queryKey: pluginKeys.detail(id),
    queryFn: ({ signal }) => api.get<PluginDetail>(`/plugins/${id}`, { signal }),
  });

export const pluginVersionsQuery = (id: number) =>
  queryOptions({
    queryKey: pluginKeys.versions(id),
    queryFn: ({ signal }) => api.get<PluginVersion[]>(`/plugins/${id}/versions`, { signal }),
  });

export const pluginRatingQuery = (id: number) =>
  queryOptions({
    queryKey: pluginKeys.rating(id),
    queryFn: ({ signal }) => api.get<PluginRating>(`/plugins/${id}/rating`, { signal }),
    staleTime: 0,
  });

/** The loaded comments, newest first, and whether older ones may remain (the last page was full). */
export interface CommentsData {
  items: Comment[];
  hasMore: boolean;
}

/** Comments asked for per page (COMMENTS_PAGE_SIZE; tests page with fewer). */
export const commentsPaging = { size: COMMENTS_PAGE_SIZE };

/** The newest page of comments; older pages are added to the same cache entry by `loadOlderComments`. */
export const pluginCommentsQuery = (id: number) =>
  queryOptions({
    queryKey: pluginKeys.comments(id),
    queryFn: async ({ signal, client, queryKey }): Promise<CommentsData> => {
      const items = sortComments(
        await api.get<Comment[]>(`/plugins/${id}/comments`, { signal, query: { limit: commentsPaging.size } }),
      );
      const fresh = { items, hasMore: items.length >= commentsPaging.size };
      // A refetch renews the newest page and keeps the older pages already loaded below it.
      const before = client.getQueryData<CommentsData>(queryKey);
      const oldest = items.at(-1);
      if (!before || !fresh.hasMore || !oldest) return fresh;
      const older = before.items.filter((c) => sortComments([c, oldest])[0] === oldest && c.id !== oldest.id);
      return older.length > 0 ? { items: [...items, ...older], hasMore: before.hasMore } : fresh;
    },
  });

export function sortComments(list: Comment[]): Comment[] {
  return [...list].sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() || b.id - a.id);
}

export const pluginsApi = {
  countView: (id: number) => api.post<PluginViewResponse>(`/plugins/${id}/view`),
  countDownload: (id: number) => api.post<PluginDownloadResponse>(`/plugins/${id}/download`),
  rate: (id: number, stars: number) => api.post<PluginRating>(`/plugins/${id}/rating`, { stars }),
  setFollow: (id: number, follow: boolean) =>
    follow ? api.put<FollowResponse>(`/plugins/${id}/follow`) : api.delete<FollowResponse>(`/plugins/${id}/follow`),
  setSkipBuildServer: (id: number, skipBuildServer: boolean) =>
    api.patch<SkipBuildServerResponse>(`/admin/plugins/${id}/skip-build-server`, { skipBuildServer }),
  setFeatured: (id: number, isFeatured: boolean) =>
    api.patch<PluginFeaturedResponse>(`/admin/plugins/${id}/featured`, { isFeatured }),
  postComment: (id: number, body: string, turnstileToken: string | null) =>
    api.post<Comment>(`/plugins/${id}/comments`, { body, turnstileToken }),
  updateComment: (commentId: number, body: string) => api.put<Comment>(`/plugins/comments/${commentId}`, { body }),
  deleteComment: (commentId: number) => api.delete(`/plugins/comments/${commentId}`),
  /** The page of comments older than the one given. */
  olderComments: (id: number, before: number) =>
    api.get<Comment[]>(`/plugins/${id}/comments`, { query: { before, limit: commentsPaging.size } }),
  report: (id: number, body: ReportPluginRequest) => api.post<{ id: number }>(`/plugins/${id}/report`, body),
  reportComment: (id: number, body: ReportCommentRequest) => api.post<{ id: number }>(`/comments/${id}/report`, body),
  voteComment: (commentId: number, voteType: CommentVote) =>
    api.post<CommentVoteResponse>(`/plugins/comments/${commentId}/vote`, { voteType }),
};

/** Changes the cached detail of a plugin, if it is cached. */
export function patchPluginDetail(client: QueryClient, id: number, patch: Partial<PluginDetail>): void {
  client.setQueryData<PluginDetail>(pluginKeys.detail(id), (old) => (old ? { ...old, ...patch } : old));
}
