import type { FeaturedPlugins, PluginPage } from '@bm/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { HOME_RECENT_COUNT } from './constants';

/** Under ['plugins', ...] so that anything refreshing the plugin queries refreshes these too. */
export const homeKeys = {
  recent: ['plugins', 'home', 'recent'] as const,
  featured: ['plugins', 'featured'] as const,
};

/** The newest plugins: GET /plugins sorted by release date, newest first. */
export const recentPluginsQuery = () =>
  queryOptions({
    queryKey: homeKeys.recent,
    queryFn: ({ signal }) =>
      api.get<PluginPage>('/plugins', {
        signal,
        query: { page: 1, pageSize: HOME_RECENT_COUNT, sortBy: 'release', sortDir: 'desc' },
      }),
  });

/** GET /plugins/featured: administrator picks first, then the best rated among the most downloaded. */
export const featuredPluginsQuery = () =>
  queryOptions({
    queryKey: homeKeys.featured,
    queryFn: ({ signal }) => api.get<FeaturedPlugins>('/plugins/featured', { signal }),
  });
