import type { CollectionVisibility } from '@bm/core';
import { namespace } from '../../lib/i18n';
import collections from '../../locales/en/collections';

/** The collection screens' texts, through the one i18n library (namespace `collections`, docs/i18n.md). */
export const { useT: useCollectionsT, fixedT: collectionsT } = namespace('collections', collections);
export const COLLECTIONS_EN = collections;

/** A visibility's name and hint, by its key. */
export const VISIBILITY_KEYS = {
  public: 'visibility.public',
  unlisted: 'visibility.unlisted',
  private: 'visibility.private',
} as const satisfies Record<CollectionVisibility, string>;
export const VISIBILITY_HINT_KEYS = {
  public: 'visibilityHint.public',
  unlisted: 'visibilityHint.unlisted',
  private: 'visibilityHint.private',
} as const satisfies Record<CollectionVisibility, string>;
