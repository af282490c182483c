import type { CollectionItemKind } from '@bm/core';
import { Suspense, useState } from 'react';
import { JoinUsDialog } from '../../components/join-us-dialog';
import { Button, type ButtonProps } from '../../components/ui';
import { statusOf, useAuth } from '../../lib/auth';
import { useCollectionsT } from './collections-text';
import { AddToCollectionDialog } from './lazy-dialog';

/**
 * 'Add to collection' on plugin and car pages (cards have card-add-to-collection.tsx): opens the
 * collections dialog for a signed-in member, the join prompt for a visitor.
 */
export function AddToCollectionButton({
  kind,
  id,
  name,
  size = 'lg',
  variant = 'outline',
}: {
  kind: CollectionItemKind;
  id: number;
  name: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  const auth = useAuth();
  const signedIn = statusOf(auth) === 'authenticated' && auth.member !== null;
  const [open, setOpen] = useState(false);
  const t = useCollectionsT();
  return (
    <>
      <Button size={size} variant={variant} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('add.button')}
      </Button>
      {signedIn ? (
        open && (
          <Suspense fallback={null}>
            <AddToCollectionDialog kind={kind} id={id} name={name} onClose={() => setOpen(false)} />
          </Suspense>
        )
      ) : (
        <JoinUsDialog
          open={open}
          onClose={() => setOpen(false)}
          title={t('add.joinTitle')}
          description={t('add.joinDescription')}
        />
      )}
    </>
  );
}
