import type { DeclaredGameVersionsResponse, GameVersion, PluginCompatibilityAnswer } from '@bm/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pluginKeys } from '../list-api';

export const compatibilityKeys = {
  /** GET /game-versions as the catalogue reads it (the names of the badges). */
  gameVersions: () => ['game-versions'] as const,
  plugin: (id: number) => [...pluginKeys.all, 'compatibility', id] as const,
  declared: (id: number) => [...pluginKeys.all, 'declared-game-versions', id] as const,
};

/** Asked again whenever a screen needs it: a new current version shows at once. */
export const gameVersionsQuery = () =>
  queryOptions({
    queryKey: compatibilityKeys.gameVersions(),
    queryFn: ({ signal }) => api.get<GameVersion[]>('/game-versions', { signal }),
    staleTime: 0,
  });

export const pluginCompatibilityQuery = (id: number) =>
  queryOptions({
    queryKey: compatibilityKeys.plugin(id),
    queryFn: ({ signal }) => api.get<PluginCompatibilityAnswer>(`/plugins/${id}/compatibility`, { signal }),
    staleTime: 0,
  });

export const declaredGameVersionsQuery = (id: number) =>
  queryOptions({
    queryKey: compatibilityKeys.declared(id),
    queryFn: ({ signal }) =>
      api.get<DeclaredGameVersionsResponse | null>(`/plugins/my/${id}/game-versions`, { signal }),
    staleTime: 0,
  });

export const compatibilityApi = {
  report: (id: number, gameVersionId: number, works: boolean) =>
    api.put<PluginCompatibilityAnswer>(`/plugins/${id}/compatibility/${gameVersionId}`, { works }),
  withdraw: (id: number, gameVersionId: number) =>
    api.delete<PluginCompatibilityAnswer>(`/plugins/${id}/compatibility/${gameVersionId}`),
  declare: (id: number, gameVersionIds: number[]) =>
    api.put<DeclaredGameVersionsResponse>(`/plugins/my/${id}/game-versions`, { gameVersionIds }),
};
