import type {
  CollectionDetail,
  CollectionItemKind,
  CollectionsPage,
  CollectionUpsertRequest,
  FollowResponse,
  MemberCollections,
} from '@bm/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const collectionKeys = {
  all: ['collections'] as const,
  list: (sort: string, page: number) => [...collectionKeys.all, 'list', sort, page] as const,
  detail: (id: number) => [...collectionKeys.all, 'detail', id] as const,
  member: (username: string) => [...collectionKeys.all, 'member', username.toLowerCase()] as const,
  holding: (username: string, kind: CollectionItemKind, id: number) =>
    [...collectionKeys.member(username), kind, id] as const,
};

export const collectionsApi = {
  list: (sort: 'popular' | 'new', page: number, signal?: AbortSignal) =>
    api.get<CollectionsPage>(`/collections?sort=${sort}&page=${page}&pageSize=24`, { signal }),
  get: (id: number, signal?: AbortSignal) => api.get<CollectionDetail>(`/collections/${id}`, { signal }),
  ofMember: (username: string, item?: { kind: CollectionItemKind; id: number }, signal?: AbortSignal) =>
    api.get<MemberCollections>(
      `/members/${encodeURIComponent(username)}/collections${item ? `?kind=${item.kind}&itemId=${item.id}` : ''}`,
      { signal },
    ),
  create: (body: CollectionUpsertRequest) => api.post<CollectionDetail>('/collections', body),
  update: (id: number, body: CollectionUpsertRequest) => api.put<CollectionDetail>(`/collections/${id}`, body),
  remove: (id: number) => api.delete(`/collections/${id}`),
  addItem: (id: number, item: { kind: CollectionItemKind; id: number; note?: string }) =>
    api.post<CollectionDetail>(`/collections/${id}/items`, item),
  removeItem: (id: number, kind: CollectionItemKind, itemId: number) =>
    api.delete<CollectionDetail>(`/collections/${id}/items/${kind}/${itemId}`),
  reorder: (id: number, items: Array<{ kind: CollectionItemKind; id: number }>) =>
    api.put<CollectionDetail>(`/collections/${id}/order`, { items }),
  setFollow: (id: number, follow: boolean) =>
    follow
      ? api.put<FollowResponse>(`/collections/${id}/follow`)
      : api.delete<FollowResponse>(`/collections/${id}/follow`),
};

export const collectionQuery = (id: number) =>
  queryOptions({ queryKey: collectionKeys.detail(id), queryFn: ({ signal }) => collectionsApi.get(id, signal) });

export const memberCollectionsQuery = (username: string) =>
  queryOptions({
    queryKey: collectionKeys.member(username),
    queryFn: ({ signal }) => collectionsApi.ofMember(username, undefined, signal),
  });
