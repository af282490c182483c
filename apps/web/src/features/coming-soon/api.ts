import type { FeatureStatusResponse } from '@bm/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const featureStatusQuery = (memberId: number, feature: string) =>
  queryOptions({
    queryKey: ['feature-subscription', memberId, feature],
    queryFn: ({ signal }) =>
      api.get<FeatureStatusResponse>('/FeatureSubscriptions/status', { signal, query: { feature } }),
  });

export const featureSubscriptionApi = {
  subscribe: (feature: string) => api.post<void>('/FeatureSubscriptions/subscribe', { feature }),
  unsubscribe: (feature: string) => api.post<void>('/FeatureSubscriptions/unsubscribe', { feature }),
};
