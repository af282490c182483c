import {
  type Car,
  type CarPinResponse,
  type CarStats,
  type FollowResponse,
  type FollowingResponse,
  type Plugin,
  type PluginPinResponse,
  type PluginStats,
  type StatsDaySpan,
} from '@bm/core';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { followingQueryKey } from '../../components/follow-button';
import { api } from '../../lib/api';

/** The own lists (GET /plugins/my shares its key with the build toasts) and the authors' charts. */
export const dashboardKeys = {
  /** The same entry as the plugins feature's myPluginKeys.list (the build toasts read it too). */
  plugins: (memberId: number) => ['plugins', 'my', 'list', memberId] as const,
  cars: (memberId: number) => ['cars', 'my', 'list', memberId] as const,
  pluginStats: (id: number, days: StatsDaySpan) => ['plugins', 'my', id, 'stats', days] as const,
  carStats: (id: number, days: StatsDaySpan) => ['cars', 'my', id, 'stats', days] as const,
};

export const myPluginsQuery = (memberId: number) =>
  queryOptions({
    queryKey: dashboardKeys.plugins(memberId),
    queryFn: ({ signal }) => api.get<Plugin[]>('/plugins/my', { signal }),
    staleTime: 0,
  });

export const myCarsQuery = (memberId: number) =>
  queryOptions({
    queryKey: dashboardKeys.cars(memberId),
    queryFn: ({ signal }) => api.get<Car[]>('/cars/my', { signal }),
    staleTime: 0,
  });

/** What the member follows (the Following tab); every follow button drops it. */
export const followingQuery = () =>
  queryOptions({
    queryKey: followingQueryKey,
    queryFn: ({ signal }) => api.get<FollowingResponse>('/me/following', { signal }),
    staleTime: 0,
  });

export const pluginStatsQuery = (id: number, days: StatsDaySpan) =>
  queryOptions({
    queryKey: dashboardKeys.pluginStats(id, days),
    queryFn: ({ signal }) => api.get<PluginStats>(`/plugins/my/${id}/stats`, { signal, query: { days } }),
  });

export const carStatsQuery = (id: number, days: StatsDaySpan) =>
  queryOptions({
    queryKey: dashboardKeys.carStats(id, days),
    queryFn: ({ signal }) => api.get<CarStats>(`/cars/my/${id}/stats`, { signal, query: { days } }),
  });

export const dashboardApi = {
  pinPlugin: (id: number, isPinned: boolean) => api.post<PluginPinResponse>(`/plugins/${id}/pin`, { isPinned }),
  deletePlugin: (id: number) => api.delete(`/plugins/${id}/delete`),
  pinCar: (id: number, isPinned: boolean) => api.post<CarPinResponse>(`/cars/${id}/pin`, { isPinned }),
  deleteCar: (id: number) => api.delete(`/cars/${id}`),
  unfollowPlugin: (id: number) => api.delete<FollowResponse>(`/plugins/${id}/follow`),
  unfollowMember: (name: string) => api.delete<FollowResponse>(`/members/${encodeURIComponent(name)}/follow`),
};

/** Changes one item of a cached own list. */
export function patchListItem<T extends { id: number }>(
  client: QueryClient,
  key: readonly unknown[],
  id: number,
  patch: Partial<T>,
): void {
  client.setQueryData<T[]>(key, (old) => old?.map((item) => (item.id === id ? { ...item, ...patch } : item)));
}

export function removeListItem<T extends { id: number }>(
  client: QueryClient,
  key: readonly unknown[],
  id: number,
): void {
  client.setQueryData<T[]>(key, (old) => old?.filter((item) => item.id !== id));
}
