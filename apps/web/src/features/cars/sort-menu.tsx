import type { CarSortDirection, CarSortField } from '@bm/core';
import { useDropdown } from '../../components/use-dropdown';
import { cx, focusRing, popoverPanel } from '../../components/ui';
import { useCommonT } from '../../lib/i18n/common';
import { useCarsT } from './cars-text';

/** The sort menu's rows, in the spec's order (§2), with their labels. */
const SORT_OPTIONS = [
  { field: 'createdAt', label: 'sort.createdAt' },
  { field: 'updatedAt', label: 'sort.updatedAt' },
  { field: 'views', label: 'sort.views' },
  { field: 'name', label: 'sort.name' },
  { field: 'rating', label: 'sort.rating' },
  { field: 'trending', label: 'sort.trending' },
] as const satisfies ReadonlyArray<{ field: CarSortField; label: string }>;

/** Each direction's button: its arrow, its word and its name after the option's. */
const DIRECTIONS = [
  { dir: 'asc', arrow: '↑', text: 'list.asc', label: 'list.sortAsc' },
  { dir: 'desc', arrow: '↓', text: 'list.desc', label: 'list.sortDesc' },
] as const satisfies ReadonlyArray<{ dir: CarSortDirection; arrow: string; text: string; label: string }>;

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
  const t = useCarsT();
  const tc = useCommonT();
  const menu = useDropdown();
  const currentOption = SORT_OPTIONS.find((o) => o.field === sortBy);
  const current = currentOption ? t(currentOption.label) : '';
  // Opening focuses the chosen sort.
  const currentIndex =
    Math.max(
      0,
      SORT_OPTIONS.findIndex((o) => o.field === sortBy),
    ) *
      2 +
    (sortDir === 'asc' ? 0 : 1);

  return (
    <div {...menu.container} className="relative">
      <button
        {...menu.trigger}
        onClick={() => menu.toggle(currentIndex)}
        className={cx(
          'inline-flex h-10 items-center gap-2 rounded-lg border border-slate-700 bg-slate-900 px-3 text-sm font-medium text-slate-100 hover:border-slate-500',
          focusRing,
        )}
      >
        <span>{tc('colon', { label: t('list.sort') })}</span>
        <span className="text-sky-300">
          {current} <span aria-hidden="true">{sortDir === 'asc' ? '↑' : '↓'}</span>
          <span className="sr-only">, {sortDir === 'asc' ? t('list.ascending') : t('list.descending')}</span>
        </span>
      </button>
      {menu.open && (
        <div {...menu.menuProps} aria-label={t('list.sortMenu')} className={cx(popoverPanel, 'lg:w-72')}>
          {SORT_OPTIONS.map((option) => (
            <div
              key={option.field}
              role="group"
              aria-label={t(option.label)}
              className="flex items-center justify-between gap-2 rounded-lg px-2 py-1.5"
            >
              <span className="text-sm text-slate-200" aria-hidden="true">
                {t(option.label)}
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
                      aria-label={t(d.label, { option: t(option.label) })}
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
                      {t(d.text)}
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
