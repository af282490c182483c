import { plural } from '@bm/core';

/** The plugin card's texts, apart from the plugin constants so the cards do not load the plugin and comment rules. */
export const PLUGIN_CARD_TEXT = {
  by: 'by',
  downloads: (n: number) => plural(n, 'download', 'downloads'),
  views: (n: number) => plural(n, 'view', 'views'),
  rating: (avg: number) => `Rated ${avg.toFixed(1)} out of 5`,
  noRatings: 'No ratings',
} as const;
