import { useRef } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import type { ConfirmOptions } from './confirm-provider';

export const CONFIRM_TEXT = {
  confirm: 'Confirm',
  cancel: 'Cancel',
  delete: 'Delete',
} as const;

// The provider and the hook live in their own module, so that the page shell (which mounts the
// provider) does not carry this dialog: it loads with the first question.
export { ConfirmProvider, useConfirm, type ConfirmOptions } from './confirm-provider';

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/**
 * The site's one confirmation: an alertdialog named by its title and described by its text. Focus
 * starts on the safer button (Cancel for a destructive question), Escape or the backdrop cancel, and
 * focus goes back to whatever opened it.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  destructive,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onCancel()}
      title={title}
      description={description}
      role="alertdialog"
      hideClose
      initialFocus={destructive ? cancelRef : confirmRef}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button ref={cancelRef} variant="ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel ?? CONFIRM_TEXT.cancel}
        </Button>
        <Button ref={confirmRef} variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
          {confirmLabel ?? (destructive ? CONFIRM_TEXT.delete : CONFIRM_TEXT.confirm)}
        </Button>
      </div>
    </Dialog>
  );
}
