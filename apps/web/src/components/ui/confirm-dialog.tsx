import { useRef, type ReactNode } from 'react';
import { COMMON_EN, useCommonT } from '../../lib/i18n/common';
import { Button } from './button';
import { Dialog } from './dialog';

/** The default buttons' English, for tests (shown through the common namespace). */
export const CONFIRM_TEXT = COMMON_EN.confirm;

export interface ConfirmOptions {
  title: string;
  description?: ReactNode;
  /** Text of the button that goes ahead (default 'Confirm', or 'Delete' when destructive). */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Styles the confirm button as dangerous; focus then starts on Cancel. */
  destructive?: boolean;
}

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
  const t = useCommonT();
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
          {cancelLabel ?? t('confirm.cancel')}
        </Button>
        <Button ref={confirmRef} variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
          {confirmLabel ?? (destructive ? t('confirm.delete') : t('confirm.confirm'))}
        </Button>
      </div>
    </Dialog>
  );
}
