import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { cx, focusRing } from '../../components/ui';
import { CAR_DETAIL_TEXT as T } from './constants';

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
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
    };
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (!open) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
      return;
    }
    const list = items();
    const index = list.findIndex((el) => el === document.activeElement);
    const move = (to: number) => {
      e.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(index + 1);
    else if (e.key === 'ArrowUp') move(index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Tab') setOpen(false);
  };

  const itemClass =
    'flex w-full items-center rounded-md px-3 py-2 text-left text-sm text-slate-200 hover:bg-slate-800 hover:text-white focus:bg-slate-800 focus:text-white focus:outline-none disabled:opacity-50';

  return (
    <div ref={wrapper} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={T.actions}
        onClick={() => setOpen((o) => !o)}
        className={cx('inline-flex h-10 w-10 items-center justify-center rounded-lg border border-slate-700 text-slate-200 hover:bg-slate-800', focusRing)}
      >
        <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden="true">
          <path d="M10 3a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zm0 5.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zM11.5 15.5a1.5 1.5 0 1 0-3 0 1.5 1.5 0 0 0 3 0z" />
        </svg>
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={T.actions}
          className="absolute right-0 z-30 mt-2 w-48 rounded-xl border border-slate-700 bg-slate-900 p-1.5 shadow-2xl shadow-black/50"
        >
          <Link to={`/cars/${carId}/edit`} role="menuitem" tabIndex={-1} className={itemClass} onClick={() => setOpen(false)}>
            {T.edit}
          </Link>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={itemClass}
            disabled={busy}
            onClick={() => {
              close(true);
              onTogglePin();
            }}
          >
            {isPinned ? T.unpin : T.pin}
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={cx(itemClass, 'text-rose-300')}
            disabled={busy}
            onClick={() => {
              close(true);
              onDelete();
            }}
          >
            {T.delete}
          </button>
        </div>
      )}
    </div>
  );
}
