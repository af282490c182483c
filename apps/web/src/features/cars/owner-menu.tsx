import { Link } from 'react-router';
import { useDropdown } from '../../components/use-dropdown';
import { cx, focusRing } from '../../components/ui';
import { useCarsT } from './cars-text';

const itemClass =
  'flex w-full items-center rounded-md px-3 py-2 text-left text-sm text-slate-200 hover:bg-slate-800 hover:text-white focus:bg-slate-800 focus:text-white focus:outline-none disabled:opacity-50';

/**
 * The owner's actions on a car: edit, pin or unpin, delete. A menu button; arrow keys move between
 * items; Escape or a click outside closes it.
 */
export function OwnerMenu({
  carId,
  isPinned,
  onTogglePin,
  onDelete,
  busy,
}: {
  carId: number;
  isPinned: boolean;
  onTogglePin: () => void;
  onDelete: () => void;
  busy?: boolean;
}) {
  const t = useCarsT();
  const menu = useDropdown();
  const act = (action: () => void) => () => {
    menu.close(true);
    action();
  };

  return (
    <div {...menu.container} className="relative">
      <button
        {...menu.trigger}
        aria-label={t('owner.actions')}
        onClick={() => menu.toggle()}
        className={cx(
          'inline-flex h-10 w-10 items-center justify-center rounded-lg border border-slate-700 text-slate-200 hover:bg-slate-800',
          focusRing,
        )}
      >
        <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden="true">
          <path d="M10 3a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zm0 5.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zM11.5 15.5a1.5 1.5 0 1 0-3 0 1.5 1.5 0 0 0 3 0z" />
        </svg>
      </button>
      {menu.open && (
        <div
          {...menu.menuProps}
          aria-label={t('owner.actions')}
          className="absolute right-0 z-30 mt-2 w-48 rounded-xl border border-slate-700 bg-slate-900 p-1.5 shadow-2xl shadow-black/50"
        >
          <Link
            to={`/cars/${carId}/edit`}
            role="menuitem"
            tabIndex={-1}
            className={itemClass}
            onClick={() => menu.close(false)}
          >
            {t('owner.edit')}
          </Link>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={itemClass}
            disabled={busy}
            onClick={act(onTogglePin)}
          >
            {isPinned ? t('owner.unpin') : t('owner.pin')}
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={cx(itemClass, 'text-rose-300')}
            disabled={busy}
            onClick={act(onDelete)}
          >
            {t('owner.delete')}
          </button>
        </div>
      )}
    </div>
  );
}
