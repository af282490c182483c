import type { CarSortDirection, CarSortField } from '@bm/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cx, focusRing } from '../../components/ui';
import { CARS_LIST_TEXT, SORT_OPTIONS } from './constants';

const DIRECTIONS: ReadonlyArray<{ dir: CarSortDirection; label: string; arrow: string }> = [
  { dir: 'asc', label: CARS_LIST_TEXT.asc, arrow: '↑' },
  { dir: 'desc', label: CARS_LIST_TEXT.desc, arrow: '↓' },
];

/**
 * The Sort control: a menu button; each field has an ascending and a descending item. Arrow keys,
 * Home and End move between items; Escape or a click outside closes it; Tab leaves it closed.
 */
export function SortMenu({
  sortBy,
  sortDir,
  onChange,
}: {
  sortBy: CarSortField;
  sortDir: CarSortDirection;
  onChange: (sortBy: CarSortField, sortDir: CarSortDirection) => void;
}) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLButtonElement | null>>([]);
  const menuId = useId();
  const current = SORT_OPTIONS.find((o) => o.field === sortBy)?.label ?? '';
  const currentIndex = SORT_OPTIONS.findIndex((o) => o.field === sortBy) * 2 + (sortDir === 'asc' ? 0 : 1);

  useEffect(() => {
    if (!open) return;
    items.current[Math.max(currentIndex, 0)]?.focus();
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
    };
    // Focus moves in only when the menu opens, not when the sort changes under it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      close(true);
      return;
    }
    if (!open) return;
    const list = items.current.filter((el): el is HTMLButtonElement => el !== null);
    const index = list.findIndex((el) => el === document.activeElement);
    if (index < 0) return;
    const move = (to: number) => {
      e.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(index + 2);
    else if (e.key === 'ArrowUp') move(index - 2);
    else if (e.key === 'ArrowRight') move(index + 1);
    else if (e.key === 'ArrowLeft') move(index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Tab') setOpen(false);
  };

  return (
    <div ref={wrapper} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        className={cx(
          'inline-flex h-10 items-center gap-2 rounded-lg border border-slate-700 bg-slate-900 px-3 text-sm font-medium text-slate-100 hover:border-slate-500',
          focusRing,
        )}
      >
        <span>{CARS_LIST_TEXT.sort}:</span>
        <span className="text-sky-300">
          {current} <span aria-hidden="true">{sortDir === 'asc' ? '↑' : '↓'}</span>
          <span className="sr-only">, {sortDir === 'asc' ? CARS_LIST_TEXT.asc : CARS_LIST_TEXT.desc}</span>
        </span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={CARS_LIST_TEXT.sortMenu}
          className="absolute right-0 z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-700 bg-slate-900 p-2 shadow-2xl shadow-black/50"
        >
          {SORT_OPTIONS.map((option, row) => (
            <div key={option.field} role="group" aria-label={option.label} className="flex items-center justify-between gap-2 rounded-lg px-2 py-1.5">
              <span className="text-sm text-slate-200" aria-hidden="true">
                {option.label}
              </span>
              <span className="flex gap-1">
                {DIRECTIONS.map((d, col) => {
                  const checked = option.field === sortBy && d.dir === sortDir;
                  return (
                    <button
                      key={d.dir}
                      ref={(el) => {
                        items.current[row * 2 + col] = el;
                      }}
                      type="button"
                      role="menuitemradio"
                      aria-checked={checked}
                      aria-label={`${option.label} ${d.label.toLowerCase()}`}
                      tabIndex={-1}
                      onClick={() => {
                        onChange(option.field, d.dir);
                        close(true);
                      }}
                      className={cx(
                        'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-400',
                        checked ? 'bg-sky-500 text-slate-950' : 'bg-slate-800 text-slate-300 hover:bg-slate-700 hover:text-white',
                      )}
                    >
                      <span aria-hidden="true">{d.arrow}</span>
                      {d.dir === 'asc' ? 'Asc' : 'Desc'}
                    </button>
                  );
                })}
              </span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
