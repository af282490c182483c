import { COLLECTION_LIMITS, COLLECTION_MESSAGES } from '@bm/core';
import { useCollectionsT } from './collections-text';

// Apart from collections-text.ts: the cards' 'Add to collection' (on every list) loads that module,
// and only the dialogs and the collection page show these messages.

/**
 * A message in English (core's check of the form, or the server's answer) in the reader's language
 * when it is one of core's collection messages; any other text as it came.
 */
export function useCollectionMessage(): (message: string) => string {
  const t = useCollectionsT();
  const M = COLLECTION_MESSAGES;
  const L = COLLECTION_LIMITS;
  return (message) => {
    switch (message) {
      case M.notFound:
        return t('detail.notFound');
      case M.notOwner:
        return t('messages.notOwner');
      case M.nameRequired:
        return t('messages.nameRequired');
      case M.nameShort:
        return t('messages.nameShort', { min: L.nameMin });
      case M.nameLong:
        return t('messages.nameLong', { max: L.nameMax });
      case M.descriptionLong:
        return t('messages.descriptionLong', { max: L.descriptionMax });
      case M.visibilityInvalid:
        return t('messages.visibilityInvalid');
      case M.tooManyItems:
        return t('messages.tooManyItems', { max: L.items });
      case M.tooManyCollections:
        return t('messages.tooManyCollections', { max: L.perMember });
      case M.duplicateItem:
        return t('messages.duplicateItem');
      case M.itemNotFound:
        return t('messages.itemNotFound');
      case M.itemNotInCollection:
        return t('messages.itemNotInCollection');
      case M.orderMismatch:
        return t('messages.orderMismatch');
      default:
        return message;
    }
  };
}
