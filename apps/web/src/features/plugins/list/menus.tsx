import type { PluginHasSourceFilter, PluginSortDirection, PluginSortKey, Tag } from '@bm/core';
import { useId, type ReactNode } from 'react';
import { useDropdown } from '../../../components/use-dropdown';
import { cx, focusRing, popoverPanel } from '../../../components/ui';
import { PLUGIN_SORT_OPTIONS, PLUGINS_LIST_TEXT as T } from './list-text';
import { COMPATIBILITY_TEXT as C } from '../compatibility/text';

const triggerClasses = cx(
  'inline-flex h-10 items-center gap-2 rounded-lg border border-slate-700 bg-slate-900 px-3 text-sm font-medium text-slate-100 hover:border-slate-500',
  focusRing,
);

interface SortItem {
  sortBy: PluginSortKey | null;
  sortDir: PluginSortDirection | null;
  label: string;
}

const SORT_ITEMS: SortItem[] = [
  { sortBy: null, sortDir: null, label: T.relevance },
  ...PLUGIN_SORT_OPTIONS.flatMap((o) => [
    { sortBy: o.key, sortDir: 'asc' as const, label: `${o.label} ↑` },
    { sortBy: o.key, sortDir: 'desc' as const, label: `${o.label} ↓` },
  ]),
];

function sameSort(item: SortItem, sortBy: PluginSortKey | null, sortDir: PluginSortDirection): boolean {
  return item.sortBy === sortBy && (item.sortBy === null || item.sortDir === sortDir);
}

/** Sort dropdown: a menu of radio items; arrow keys, Home and End move; Escape or outside click close. */
export function SortMenu({
  sortBy,
  sortDir,
  onChange,
}: {
  sortBy: PluginSortKey | null;
  sortDir: PluginSortDirection;
  onChange: (sortBy: PluginSortKey | null, sortDir: PluginSortDirection | null) => void;
}) {
  const d = useDropdown();
  const menuId = useId();
  const currentIndex = Math.max(
    0,
    SORT_ITEMS.findIndex((i) => sameSort(i, sortBy, sortDir)),
  );
  const current = SORT_ITEMS[currentIndex]?.label ?? T.relevance;

  return (
    <div ref={d.wrapper} className="relative" onKeyDown={d.onKeyDown}>
      <button
        ref={d.button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={d.open}
        aria-controls={d.open ? menuId : undefined}
        onClick={() => d.toggle(currentIndex)}
        className={triggerClasses}
      >
        <span>{T.sort}:</span>
        <span className="text-sky-300">{current}</span>
      </button>
      {d.open && (
        <div id={menuId} role="menu" aria-label={T.sortMenu} className={cx(popoverPanel, 'lg:w-56')}>
          {SORT_ITEMS.map((item, i) => {
            const checked = i === currentIndex;
            return (
              <button
                key={item.label}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={-1}
                onClick={() => {
                  onChange(item.sortBy, item.sortDir);
                  d.close(true);
                }}
                className={cx(
                  'flex min-h-10 w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm sm:min-h-8 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-400',
                  checked ? 'bg-sky-500 text-slate-950' : 'text-slate-200 hover:bg-slate-800',
                )}
              >
                {item.label}
                {checked && <span aria-hidden="true">✓</span>}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

/**
 * Filters dropdown: tag checkboxes (a plugin must have all checked tags), the source-code filter and
 * 'works with the current game version'.
 * `counts` (tag id to plugins) are the tag counts of the current search, shown beside each tag.
 */
export function FiltersMenu({
  tags,
  counts,
  selected,
  source,
  compatible = false,
  onTags,
  onSource,
  onCompatible,
  onClear,
}: {
  tags: Tag[];
  counts?: ReadonlyMap<number, number>;
  selected: string[];
  source: PluginHasSourceFilter;
  /** Only plugins that work with the current game version. */
  compatible?: boolean;
  onTags: (tags: string[]) => void;
  onSource: (source: PluginHasSourceFilter) => void;
  onCompatible?: (compatible: boolean) => void;
  onClear: () => void;
}) {
  const d = useDropdown({ menu: false });
  const panelId = useId();
  const active = selected.length + (source === 'any' ? 0 : 1) + (compatible ? 1 : 0);
  const has = (t: Tag) => selected.some((s) => s.toLowerCase() === t.shortName.toLowerCase() || s === String(t.id));
  const toggle = (t: Tag) =>
    onTags(
      has(t)
        ? selected.filter((s) => s.toLowerCase() !== t.shortName.toLowerCase() && s !== String(t.id))
        : [...selected, t.shortName],
    );

  let section: ReactNode = null;
  if (d.open) {
    section = (
      <div id={panelId} role="group" aria-label={T.filters} className={cx(popoverPanel, 'space-y-3 p-3 lg:w-80')}>
        <fieldset>
          <legend className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-400">{T.tags}</legend>
          <div className="flex max-h-60 flex-wrap gap-1.5 overflow-y-auto">
            {tags.map((t) => (
              <label
                key={t.id}
                title={t.helpText || t.longName}
                className={cx(
                  'inline-flex min-h-8 cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-sm sm:text-xs has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-400',
                  has(t)
                    ? 'border-sky-400 bg-sky-500/20 text-sky-200'
                    : 'border-slate-700 text-slate-300 hover:border-slate-500',
                )}
              >
                <input type="checkbox" className="sr-only" checked={has(t)} onChange={() => toggle(t)} />
                {t.longName || t.shortName}
                {counts && (
                  <>
                    {' '}
                    <span className="tabular-nums text-slate-400">{counts.get(t.id) ?? 0}</span>
                  </>
                )}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-400">{T.source}</legend>
          <div className="flex flex-col gap-1">
            {(Object.keys(T.sourceOptions) as PluginHasSourceFilter[]).map((key) => (
              <label key={key} className="inline-flex min-h-8 items-center gap-2 text-sm text-slate-200">
                <input
                  type="radio"
                  name={`${panelId}-source`}
                  checked={source === key}
                  onChange={() => onSource(key)}
                />
                {T.sourceOptions[key]}
              </label>
            ))}
          </div>
        </fieldset>
        {onCompatible && (
          <fieldset>
            <legend className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-400">
              {C.filterLegend}
            </legend>
            <label className="inline-flex min-h-8 items-center gap-2 text-sm text-slate-200">
              <input type="checkbox" checked={compatible} onChange={(e) => onCompatible(e.target.checked)} />
              {C.filterLabel}
            </label>
          </fieldset>
        )}
        {active > 0 && (
          <button
            type="button"
            onClick={onClear}
            className={cx('min-h-8 text-sm text-sky-300 underline-offset-2 hover:underline', focusRing)}
          >
            {T.clearFilters}
          </button>
        )}
      </div>
    );
  }

  return (
    <div ref={d.wrapper} className="relative" onKeyDown={d.onKeyDown}>
      <button
        ref={d.button}
        type="button"
        aria-expanded={d.open}
        aria-controls={d.open ? panelId : undefined}
        onClick={() => d.toggle()}
        className={triggerClasses}
      >
        {T.filters}
        {active > 0 && (
          <span className="rounded-full bg-sky-500 px-1.5 text-xs font-bold text-slate-950">{active}</span>
        )}
      </button>
      {section}
    </div>
  );
}
