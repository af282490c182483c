import type { MailCategory, MailMessageDetail, MailPage, UnreadCountResponse } from '@bm/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface InboxParams {
  page: number;
  pageSize: number;
  /** Already trimmed; empty means no search. */
  search: string;
  category: string;
}

/** Every inbox query is keyed by the member, so that another sign-in never sees cached mail. */
export const mailKeys = {
  all: (memberId: number) => ['mail', memberId] as const,
  list: (memberId: number, p: InboxParams) => ['mail', memberId, 'list', p] as const,
  hidden: (memberId: number, p: Omit<InboxParams, 'category'>) => ['mail', memberId, 'hidden', p] as const,
  categories: (memberId: number) => ['mail', memberId, 'categories'] as const,
  message: (memberId: number, id: number) => ['mail', memberId, 'message', id] as const,
  unread: (memberId: number) => ['mail', memberId, 'unread-count'] as const,
};

/** The search is sent only when it is not empty after trimming. */
const searchParam = (search: string) => search.trim() || undefined;

export const inboxQuery = (memberId: number, p: InboxParams) =>
  queryOptions({
    queryKey: mailKeys.list(memberId, p),
    queryFn: ({ signal }) =>
      api.get<MailPage>('/mail', {
        signal,
        query: { page: p.page, pageSize: p.pageSize, search: searchParam(p.search), category: p.category || undefined },
      }),
    staleTime: 0,
  });

export const hiddenInboxQuery = (memberId: number, p: Omit<InboxParams, 'category'>) =>
  queryOptions({
    queryKey: mailKeys.hidden(memberId, p),
    queryFn: ({ signal }) =>
      api.get<MailPage>('/mail/hidden', {
        signal,
        query: { page: p.page, pageSize: p.pageSize, search: searchParam(p.search) },
      }),
    staleTime: 0,
  });

export const mailCategoriesQuery = (memberId: number) =>
  queryOptions({
    queryKey: mailKeys.categories(memberId),
    queryFn: ({ signal }) => api.get<MailCategory[]>('/mail/categories', { signal }),
  });

export const mailMessageQuery = (memberId: number, id: number) =>
  queryOptions({
    queryKey: mailKeys.message(memberId, id),
    queryFn: ({ signal }) => api.get<MailMessageDetail>(`/mail/${id}`, { signal }),
    staleTime: 0,
  });

export const unreadCountQuery = (memberId: number) =>
  queryOptions({
    queryKey: mailKeys.unread(memberId),
    queryFn: ({ signal }) => api.get<UnreadCountResponse>('/mail/unread-count', { signal }),
    staleTime: 60_000,
  });

export const mailApi = {
  read: (id: number) => api.post<void>(`/mail/${id}/read`),
  hide: (id: number) => api.post<void>(`/mail/${id}/hide`),
  unhide: (id: number) => api.post<void>(`/mail/${id}/unhide`),
};
