import type { CollectionItemKind } from '@bm/core';
import { Suspense, useState } from 'react';
import { Button, cx } from '../../components/ui';
import { statusOf, useAuth } from '../../lib/auth';
import { useCollectionsT } from './collections-text';
import { AddToCollectionDialog } from './lazy-dialog';

/**
 * 'Add to collection' on a plugin or car card, for signed-in members (visitors see none): a small
 * button above the card's stretched link, named "Add {name} to a collection", that opens the
 * collections dialog; focus returns to it when the dialog closes.
 */
export function CardAddToCollection({
  kind,
  id,
  name,
  className,
}: {
  kind: CollectionItemKind;
  id: number;
  name: string;
  className?: string;
}) {
  const auth = useAuth();
  const t = useCollectionsT();
  const [open, setOpen] = useState(false);
  if (statusOf(auth) !== 'authenticated' || !auth.member) return null;
  const label = t('add.title', { name });
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={label}
        aria-haspopup="dialog"
        title={label}
        onClick={() => setOpen(true)}
        className={cx('absolute z-10 w-8 px-0 text-lg leading-none shadow-md shadow-slate-950/60', className)}
        data-testid="card-add-to-collection"
      >
        <span aria-hidden="true">+</span>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AddToCollectionDialog kind={kind} id={id} name={name} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
