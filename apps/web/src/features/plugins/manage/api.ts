import type {
  CreatePluginRequest,
  PdbFile,
  Plugin,
  PluginPinResponse,
  SourceUploadResponse,
  Submission,
  UpdatePluginRequest,
} from '@bm/core';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, uploadFile } from '../../../lib/api';

/** Own-plugin queries (GET /plugins/my...), kept apart from the public catalogue's keys. */
export const myPluginKeys = {
  all: ['plugins', 'my'] as const,
  list: (memberId: number) => [...myPluginKeys.all, 'list', memberId] as const,
  one: (id: number) => [...myPluginKeys.all, id] as const,
  submissions: (id: number) => [...myPluginKeys.one(id), 'submissions'] as const,
  pdbs: (id: number) => [...myPluginKeys.one(id), 'pdbs'] as const,
};

export const myPluginQuery = (id: number) =>
  queryOptions({
    queryKey: myPluginKeys.one(id),
    queryFn: ({ signal }) => api.get<Plugin>(`/plugins/my/${id}`, { signal }),
    staleTime: 0,
  });

export const mySubmissionsQuery = (id: number) =>
  queryOptions({
    queryKey: myPluginKeys.submissions(id),
    queryFn: ({ signal }) => api.get<Submission[]>(`/plugins/my/${id}/submissions`, { signal }),
  });

export const myPdbsQuery = (id: number) =>
  queryOptions({
    queryKey: myPluginKeys.pdbs(id),
    queryFn: ({ signal }) => api.get<PdbFile[]>(`/plugins/my/${id}/pdbs`, { signal }),
  });

export const managePluginApi = {
  create: (body: CreatePluginRequest) => api.post<Plugin>('/plugins/create', body),
  update: (id: number, body: UpdatePluginRequest) => api.put<Plugin>(`/plugins/${id}/update`, body),
  remove: (id: number) => api.delete(`/plugins/${id}/delete`),
  setVisibility: (id: number, body: { isPubliclyVisible: boolean; isListed: boolean }) =>
    api.put<Plugin>(`/plugins/${id}/visibility`, body),
  setTags: (id: number, tagIds: number[]) => api.put<Plugin>(`/plugins/${id}/tags`, { tagIds }),
  setPin: (id: number, isPinned: boolean) => api.post<PluginPinResponse>(`/plugins/${id}/pin`, { isPinned }),
  uploadBanner: (id: number, file: File, onProgress: (pct: number) => void) =>
    uploadFile<{ bannerImageUrl: string }>(`/plugins/${id}/files/banner`, file, { onProgress }),
  /**
   * versionString is already sourceVersionField()'s answer: sent only when there is one; the changelog only when not blank.
   * gameVersionIds: the game versions it works with (left out: the server declares the current one).
   */
  uploadSource: (
    id: number,
    file: File,
    {
      versionString,
      changelog,
      gameVersionIds,
      requires = '',
    }: { versionString: string | undefined; changelog: string; gameVersionIds?: number[]; requires?: string },
    onProgress: (pct: number) => void,
  ) =>
    uploadFile<SourceUploadResponse>(`/plugins/${id}/files/source`, file, {
      onProgress,
      fields: {
        ...(versionString === undefined ? {} : { versionString }),
        ...(gameVersionIds === undefined ? {} : { gameVersionIds: gameVersionIds.join(',') }),
        ...(changelog.trim() ? { changelog } : {}),
        // What it requires (docs/dependencies.md): plugin ids, sent only when given.
        ...(requires.trim() ? { requires: requires.trim() } : {}),
      },
    }),
  deleteSubmission: (id: number, submissionId: number) => api.delete(`/plugins/my/${id}/submissions/${submissionId}`),
  sourceUrl: (id: number, submissionId: number) =>
    api.get<{ url: string }>(`/plugins/my/${id}/submissions/${submissionId}/source-url`),
};

/** Replaces the cached own plugin with the server's answer (or a patch of it). */
export function patchMyPlugin(client: QueryClient, id: number, patch: Partial<Plugin>): void {
  client.setQueryData<Plugin>(myPluginKeys.one(id), (old) => (old ? { ...old, ...patch } : old));
}
