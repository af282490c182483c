import {
  MODERATION_PAGE_SIZE,
  type ModerationCarsResponse,
  type ModerationDetail,
  type ModerationListResponse,
  type ModeratorDashboard,
  type RejectRequest,
  type ReportedCarsResponse,
  type ReportedCommentsResponse,
  type ReportedListResponse,
} from '@bm/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, uploadForm } from '../../lib/api';

export type SubmissionList = 'pending' | 'hidden';
export type CarStatusFilter = 'all' | 'active' | 'hidden';

export interface ListParams {
  page: number;
  search: string;
}

export interface CarListParams extends ListParams {
  status: CarStatusFilter;
}

export const moderationKeys = {
  all: ['moderation'] as const,
  dashboard: () => [...moderationKeys.all, 'dashboard'] as const,
  lists: () => [...moderationKeys.all, 'list'] as const,
  list: (kind: SubmissionList | 'reported' | 'reported-cars' | 'reported-comments', p: ListParams) =>
    [...moderationKeys.lists(), kind, p] as const,
  detail: (id: number) => [...moderationKeys.all, 'detail', id] as const,
  cars: (p: CarListParams) => [...moderationKeys.all, 'cars', p] as const,
};

const listQuery = (p: ListParams) => ({
  page: p.page,
  pageSize: MODERATION_PAGE_SIZE,
  search: p.search.trim() || undefined,
});

export const moderatorDashboardQuery = () =>
  queryOptions({
    queryKey: moderationKeys.dashboard(),
    queryFn: ({ signal }) => api.get<ModeratorDashboard>('/moderation/dashboard', { signal }),
    staleTime: 0,
  });

/** GET /moderation/plugins/pending or /hidden. */
export const submissionListQuery = (kind: SubmissionList, p: ListParams) =>
  queryOptions({
    queryKey: moderationKeys.list(kind, p),
    queryFn: ({ signal }) =>
      api.get<ModerationListResponse>(`/moderation/plugins/${kind}`, { signal, query: listQuery(p) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const reportedListQuery = (p: ListParams) =>
  queryOptions({
    queryKey: moderationKeys.list('reported', p),
    queryFn: ({ signal }) =>
      api.get<ReportedListResponse>('/moderation/plugins/reported', { signal, query: listQuery(p) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /moderation/cars/reported and /moderation/comments/reported. */
export const reportedCarsQuery = (p: ListParams) =>
  queryOptions({
    queryKey: moderationKeys.list('reported-cars', p),
    queryFn: ({ signal }) =>
      api.get<ReportedCarsResponse>('/moderation/cars/reported', { signal, query: listQuery(p) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export const reportedCommentsQuery = (p: ListParams) =>
  queryOptions({
    queryKey: moderationKeys.list('reported-comments', p),
    queryFn: ({ signal }) =>
      api.get<ReportedCommentsResponse>('/moderation/comments/reported', { signal, query: listQuery(p) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Opening a submission claims its review lock on the server, so it is fetched once per visit. */
export const moderationDetailQuery = (id: number) =>
  queryOptions({
    queryKey: moderationKeys.detail(id),
    queryFn: ({ signal }) => api.get<ModerationDetail>(`/moderation/plugins/${id}`, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

export const moderationCarsQuery = (p: CarListParams) =>
  queryOptions({
    queryKey: moderationKeys.cars(p),
    queryFn: ({ signal }) =>
      api.get<ModerationCarsResponse>('/moderation/cars', { signal, query: { ...listQuery(p), status: p.status } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export interface ApproveInput {
  binary: File | null;
  debugArchive: File | null;
  approvalNote: string;
  /** The moderator acknowledges the inspection's flags (sent only when true). */
  acknowledgeFlags?: boolean;
}

/** The approve call's body: nothing at all, or the parts that were given (the note trimmed, only when not blank). */
export function approveForm({ binary, debugArchive, approvalNote, acknowledgeFlags }: ApproveInput): FormData | null {
  const note = approvalNote.trim();
  if (!binary && !debugArchive && !note && !acknowledgeFlags) return null;
  const form = new FormData();
  if (acknowledgeFlags) form.append('acknowledgeFlags', 'true');
  if (note) form.append('approvalNote', note);
  if (binary) form.append('binary', binary);
  if (debugArchive) form.append('debugArchive', debugArchive);
  return form;
}

export const moderationApi = {
  takeOver: (id: number) => api.post<ModerationDetail>(`/moderation/plugins/${id}/takeover`),
  release: (id: number) => api.post<ModerationDetail>(`/moderation/plugins/${id}/release`),
  /** Multipart through uploadForm (progress for the files); a bare POST when there is nothing to send. */
  approve: (id: number, input: ApproveInput, onProgress: (pct: number) => void) => {
    const form = approveForm(input);
    return form
      ? uploadForm<void>(`/moderation/plugins/${id}/approve`, form, { onProgress })
      : api.post(`/moderation/plugins/${id}/approve`);
  },
  reject: (id: number, body: RejectRequest) => api.post(`/moderation/plugins/${id}/reject`, body),
  hide: (id: number) => api.post(`/moderation/plugins/${id}/hide`),
  dismissReports: (pluginId: number) => api.post(`/moderation/reported/${pluginId}/dismiss`),
  hidePlugin: (pluginId: number) => api.post(`/moderation/reported/${pluginId}/hide-plugin`),
  restorePlugin: (pluginId: number) => api.post(`/moderation/reported/${pluginId}/restore-plugin`),
  dismissCarReports: (carId: number) => api.post(`/moderation/reported/cars/${carId}/dismiss`),
  hideReportedCar: (carId: number, note: string) =>
    api.post(`/moderation/reported/cars/${carId}/hide-car`, { note: note.trim() || undefined }),
  dismissCommentReports: (commentId: number) => api.post(`/moderation/reported/comments/${commentId}/dismiss`),
  deleteReportedComment: (commentId: number, note: string) =>
    api.post(`/moderation/reported/comments/${commentId}/delete`, { note: note.trim() || undefined }),
  hideCar: (id: number) => api.post(`/moderation/cars/${id}/hide`),
  restoreCar: (id: number) => api.post(`/moderation/cars/${id}/restore`),
};
