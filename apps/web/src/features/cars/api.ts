import {
  CALL_FALLBACKS,
  CARS_PAGE_SIZE,
  type CarBody,
  type CarCopyResponse,
  type CarPinResponse,
  type CarViewResponse,
  type CarVotes,
  type CarDetail,
  type CarRating,
  type CarSortDirection,
  type CarSortField,
  type CarsPage,
  type CarUpsertRequest,
  type CarVoteType,
  type ReportCarRequest,
} from '@bm/core';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, uploadFile } from '../../lib/api';

/** What the list asks for: the query string of /cars, read and defaulted. */
export interface CarsListParams {
  page: number;
  search: string;
  sortBy: CarSortField;
  sortDir: CarSortDirection;
  body: number | null;
}

/** A page of cars with the request that produced it, so the counter describes what is shown. */
export type CarsListResult = CarsPage & { request: CarsListParams };

export const carKeys = {
  all: ['cars'] as const,
  lists: () => [...carKeys.all, 'list'] as const,
  list: (p: CarsListParams) => [...carKeys.lists(), p] as const,
  bodies: () => [...carKeys.all, 'bodies'] as const,
  detail: (id: number) => [...carKeys.all, 'detail', id] as const,
  rating: (id: number) => [...carKeys.all, 'rating', id] as const,
};

/**
 * GET /cars. Each set of params is its own cache entry, and the screen reads only the entry of the
 * current params: an answer to an older request lands in its own entry and never replaces a newer
 * one. The abort signal lets TanStack cancel a request nobody waits for any more.
 */
export const carsListQuery = (p: CarsListParams) =>
  queryOptions({
    queryKey: carKeys.list(p),
    queryFn: async ({ signal }): Promise<CarsListResult> => {
      const page = await api.get<CarsPage>('/cars', {
        signal,
        fallback: CALL_FALLBACKS.fetchCars,
        query: {
          page: p.page,
          pageSize: CARS_PAGE_SIZE,
          search: p.search || undefined,
          sortBy: p.sortBy,
          sortDir: p.sortDir,
          body: p.body ?? undefined,
        },
      });
      return { ...page, request: p };
    },
  });

export const carBodiesQuery = () =>
  queryOptions({
    queryKey: carKeys.bodies(),
    queryFn: ({ signal }) => api.get<CarBody[]>('/cars/bodies', { signal }),
    staleTime: 5 * 60_000,
  });

export const carDetailQuery = (id: number) =>
  queryOptions({
    queryKey: carKeys.detail(id),
    queryFn: ({ signal }) => api.get<CarDetail>(`/cars/${id}`, { signal, fallback: CALL_FALLBACKS.fetchCar }),
  });

/** The member's own rating, loaded when a signed-in member opens a car (§2). */
export const carRatingQuery = (id: number) =>
  queryOptions({
    queryKey: carKeys.rating(id),
    queryFn: ({ signal }) => api.get<CarRating>(`/cars/${id}/rating`, { signal }),
    staleTime: 0,
  });

export const carsApi = {
  create: (body: CarUpsertRequest) => api.post<CarDetail>('/cars', body),
  update: (id: number, body: CarUpsertRequest) => api.put<CarDetail>(`/cars/${id}`, body),
  remove: (id: number) => api.delete(`/cars/${id}`),
  setPinned: (id: number, isPinned: boolean) => api.post<CarPinResponse>(`/cars/${id}/pin`, { isPinned }),
  uploadBanner: (id: number, file: File, onProgress: (pct: number) => void) =>
    uploadFile<{ bannerUrl: string }>(`/cars/${id}/banner`, file, { onProgress }),
  countView: (id: number) => api.post<CarViewResponse>(`/cars/${id}/view`),
  countCopy: (id: number) => api.post<CarCopyResponse>(`/cars/${id}/copy`),
  rate: (id: number, stars: number) => api.post<CarRating>(`/cars/${id}/rate`, { stars }),
  vote: (id: number, voteType: CarVoteType) => api.post<CarVotes>(`/cars/${id}/vote`, { voteType }),
  report: (id: number, body: ReportCarRequest) => api.post<{ id: number }>(`/cars/${id}/report`, body),
};

/** Changes the cached detail of a car, if it is cached. */
export function patchCarDetail(client: QueryClient, id: number, patch: Partial<CarDetail>): void {
  client.setQueryData<CarDetail>(carKeys.detail(id), (old) => (old ? { ...old, ...patch } : old));
}
