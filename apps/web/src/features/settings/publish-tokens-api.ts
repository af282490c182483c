import type { PublishTokenCreated, PublishTokenCreateRequest, PublishTokenInfo } from '@bm/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The member's publish tokens (docs/publish-tokens.md): only ever called with the session. */
export const publishTokensQuery = () =>
  queryOptions({
    queryKey: ['publish-tokens', 'my'],
    queryFn: ({ signal }) => api.get<PublishTokenInfo[]>('/auth/tokens', { signal }),
    staleTime: 0,
  });

export const publishTokensApi = {
  create: (body: PublishTokenCreateRequest) => api.post<PublishTokenCreated>('/auth/tokens', body),
  revoke: (id: string) => api.delete(`/auth/tokens/${encodeURIComponent(id)}`),
};
