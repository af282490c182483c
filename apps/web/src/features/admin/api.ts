import type {
  AdminMembersResponse,
  ConnectionsResponse,
  FeedbackItem,
  FeedbackListResponse,
  FeedbackStatus,
  GameVersion,
  CreateGameVersionRequest,
  UpdateGameVersionRequest,
  ProductUpdateAudience,
  ProductUpdateProgress,
  ProductUpdateQueued,
  RebuildProgress,
  StaffRole,
  UpcomingFeature,
  WebhookDelivery,
  SubscribersPage,
} from '@bm/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const CONNECTIONS_REFRESH_MS = 15_000;

export const adminKeys = {
  all: ['admin'] as const,
  connections: () => [...adminKeys.all, 'connections'] as const,
  deliveries: () => [...adminKeys.all, 'webhook-deliveries'] as const,
  feedback: () => [...adminKeys.all, 'feedback'] as const,
  feedbackList: (q: FeedbackListParams) => [...adminKeys.feedback(), 'list', q] as const,
  feedbackItem: (id: number) => [...adminKeys.feedback(), 'item', id] as const,
  members: () => [...adminKeys.all, 'members'] as const,
  memberList: (q: MemberListParams) => [...adminKeys.members(), q] as const,
  features: () => [...adminKeys.all, 'upcoming-features'] as const,
  gameVersions: () => [...adminKeys.all, 'game-versions'] as const,
  rebuild: (gameVersionId: number) => [...adminKeys.all, 'game-versions', 'rebuild', gameVersionId] as const,
  subscribers: (q: SubscriberListParams) => [...adminKeys.all, 'subscribers', q] as const,
  productUpdateAudience: () => [...adminKeys.all, 'product-update', 'audience'] as const,
  productUpdate: (id: string) => [...adminKeys.all, 'product-update', id] as const,
};

/** How often the progress of a product update being sent is read again. */
export const PRODUCT_UPDATE_POLL_MS = 1000;

export const connectionsQuery = () =>
  queryOptions({
    queryKey: adminKeys.connections(),
    queryFn: ({ signal }) => api.get<ConnectionsResponse>('/admin/connections', { signal }),
    refetchInterval: CONNECTIONS_REFRESH_MS,
    staleTime: 0,
  });

export const deliveriesQuery = () =>
  queryOptions({
    queryKey: adminKeys.deliveries(),
    queryFn: ({ signal }) => api.get<WebhookDelivery[]>('/admin/webhooks/deliveries', { signal }),
  });

export interface FeedbackListParams {
  page: number;
  status: FeedbackStatus | 'all';
}
export const feedbackListQuery = (q: FeedbackListParams) =>
  queryOptions({
    queryKey: adminKeys.feedbackList(q),
    queryFn: ({ signal }) =>
      api.get<FeedbackListResponse>('/admin/feedback', { signal, query: { page: q.page, status: q.status } }),
    placeholderData: keepPreviousData,
  });

export const feedbackItemQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.feedbackItem(id),
    queryFn: ({ signal }) => api.get<FeedbackItem>(`/admin/feedback/${id}`, { signal }),
  });

export interface MemberListParams {
  page: number;
  search: string;
}
export const memberListQuery = (q: MemberListParams) =>
  queryOptions({
    queryKey: adminKeys.memberList(q),
    queryFn: ({ signal }) =>
      api.get<AdminMembersResponse>('/admin/members', {
        signal,
        query: { page: q.page, search: q.search || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const upcomingFeaturesQuery = () =>
  queryOptions({
    queryKey: adminKeys.features(),
    queryFn: ({ signal }) =>
      api.get<UpcomingFeature[]>('/UpcomingFeatures', { signal, query: { includeCompleted: true } }),
  });

export const productUpdateAudienceQuery = () =>
  queryOptions({
    queryKey: adminKeys.productUpdateAudience(),
    queryFn: ({ signal }) => api.get<ProductUpdateAudience>('/admin/product-updates/audience', { signal }),
    staleTime: 0,
  });

/** Read again every second while the batched job sends it; no longer once it is done or failed. */
export const productUpdateProgressQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.productUpdate(id),
    queryFn: ({ signal }) => api.get<ProductUpdateProgress>(`/admin/product-updates/${id}`, { signal }),
    refetchInterval: (q) => (q.state.data && q.state.data.state !== 'sending' ? false : PRODUCT_UPDATE_POLL_MS),
    staleTime: 0,
  });

export interface SubscriberListParams {
  feature: string;
  page: number;
}
export const subscribersQuery = (q: SubscriberListParams) =>
  queryOptions({
    queryKey: adminKeys.subscribers(q),
    queryFn: ({ signal }) =>
      api.get<SubscribersPage>('/FeatureSubscriptions/subscribers', {
        signal,
        query: { feature: q.feature, page: q.page },
      }),
    enabled: q.feature !== '',
    placeholderData: keepPreviousData,
  });

/** Every game version, newest first (the public list; the admin screen edits it). */
export const gameVersionsQuery = () =>
  queryOptions({
    queryKey: adminKeys.gameVersions(),
    queryFn: ({ signal }) => api.get<GameVersion[]>('/game-versions', { signal }),
  });

export type { RebuildProgress } from '@bm/core';

/** How often a running rebuild's progress is read again. */
export const REBUILD_POLL_MS = 2000;

export const rebuildQuery = (gameVersionId: number) =>
  queryOptions({
    queryKey: adminKeys.rebuild(gameVersionId),
    queryFn: ({ signal }) => api.get<RebuildProgress>(`/admin/game-versions/${gameVersionId}/rebuild`, { signal }),
    refetchInterval: (q) => (q.state.data && q.state.data.queued + q.state.data.building > 0 ? REBUILD_POLL_MS : false),
  });

export const adminApi = {
  startRebuild: (gameVersionId: number) => api.post<RebuildProgress>(`/admin/game-versions/${gameVersionId}/rebuild`),
  createGameVersion: (req: CreateGameVersionRequest) => api.post<GameVersion>('/admin/game-versions', req),
  updateGameVersion: (id: number, req: UpdateGameVersionRequest) =>
    api.patch<GameVersion>(`/admin/game-versions/${id}`, req),
  sendTestWebhook: (url: string) => api.post<WebhookDelivery>('/webhooks/test', url.trim() ? { url: url.trim() } : {}),
  redeliver: (id: number) => api.post<WebhookDelivery>(`/admin/webhooks/deliveries/${id}/redeliver`),
  setFeedbackStatus: (id: number, status: FeedbackStatus) =>
    api.patch<FeedbackItem>(`/admin/feedback/${id}`, { status }),
  grantRole: (id: number, role: StaffRole) => api.put(`/admin/members/${id}/roles/${role}`),
  revokeRole: (id: number, role: StaffRole) => api.delete(`/admin/members/${id}/roles/${role}`),
  disable: (id: number) => api.post(`/admin/members/${id}/disable`),
  enable: (id: number) => api.post(`/admin/members/${id}/enable`),
  sendFeatureMessage: (req: { feature: string; subject: string; body: string }) =>
    api.post('/FeatureSubscriptions/send-message', req),
  upsertFeature: (key: string, name: string) => api.post<UpcomingFeature>('/UpcomingFeatures/upsert', { key, name }),
  setFeatureCompleted: (key: string, isCompleted: boolean) =>
    api.post<UpcomingFeature>('/UpcomingFeatures/set-completed', { key, isCompleted }),
  sendProductUpdate: (subject: string, body: string) =>
    api.post<ProductUpdateQueued>('/admin/product-updates', { subject, body }),
};
