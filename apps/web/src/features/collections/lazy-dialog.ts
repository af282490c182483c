import { lazy } from 'react';

/**
 * The 'Add to collection' dialog, loaded with the first press of a button that opens it (the plugin
 * and car pages' button, a card's +): the pages paint with the buttons alone.
 */
export const AddToCollectionDialog = lazy(() =>
  import('./add-to-collection').then((m) => ({ default: m.AddToCollectionDialog })),
);
