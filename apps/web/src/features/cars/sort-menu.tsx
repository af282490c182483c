import type { CarSortDirection, CarSortField } from '@bm/core';
import { useId } from 'react';
import { useDropdown } from '../../components/use-dropdown';
import { cx, focusRing, popoverPanel } from '../../components/ui';
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
  const menu = useDropdown();
  const menuId = useId();
  const current = SORT_OPTIONS.find((o) => o.field === sortBy)?.label ?? '';
  // Opening focuses the chosen sort.
  const currentIndex =
    Math.max(
      0,
      SORT_OPTIONS.findIndex((o) => o.field === sortBy),
    ) *
      2 +
    (sortDir === 'asc' ? 0 : 1);

  return (
    <div ref={menu.wrapper} className="relative" onKeyDown={menu.onKeyDown}>
      <button
        ref={menu.button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={menu.open}
        aria-controls={menu.open ? menuId : undefined}
        onClick={() => menu.toggle(currentIndex)}
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
      {menu.open && (
        <div id={menuId} role="menu" aria-label={CARS_LIST_TEXT.sortMenu} className={cx(popoverPanel, 'lg:w-72')}>
          {SORT_OPTIONS.map((option) => (
            <div
              key={option.field}
              role="group"
              aria-label={option.label}
              className="flex items-center justify-between gap-2 rounded-lg px-2 py-1.5"
            >
              <span className="text-sm text-slate-200" aria-hidden="true">
                {option.label}
              </span>
              <span className="flex gap-1">
                {DIRECTIONS.map((d) => {
                  const checked = option.field === sortBy && d.dir === sortDir;
                  return (
                    <button
                      key={d.dir}
                      type="button"
                      role="menuitemradio"
                      aria-checked={checked}
                      aria-label={`${option.label} ${d.label.toLowerCase()}`}
                      tabIndex={-1}
                      onClick={() => {
                        onChange(option.field, d.dir);
                        menu.close(true);
                      }}
                      className={cx(
                        'inline-flex min-h-8 min-w-16 items-center justify-center gap-1 rounded-md px-2 py-1 text-xs font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-400',
                        checked
                          ? 'bg-sky-500 text-slate-950'
                          : 'bg-slate-800 text-slate-300 hover:bg-slate-700 hover:text-white',
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
