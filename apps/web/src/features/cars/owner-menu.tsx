import { MenuButton, MenuLink, MenuPanel } from '../../components/menu';
import { useDropdown } from '../../components/use-dropdown';
import { cx, focusRing } from '../../components/ui';
import { useCarsT } from './cars-text';

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
      <MenuPanel dropdown={menu} label={t('owner.actions')} className="z-30 w-48">
        <MenuLink to={`/cars/${carId}/edit`} onClick={() => menu.close(false)}>
          {t('owner.edit')}
        </MenuLink>
        <MenuButton disabled={busy} onClick={act(onTogglePin)}>
          {isPinned ? t('owner.unpin') : t('owner.pin')}
        </MenuButton>
        <MenuButton danger disabled={busy} onClick={act(onDelete)}>
          {t('owner.delete')}
        </MenuButton>
      </MenuPanel>
    </div>
  );
}
