import type { PluginHasSourceFilter, PluginSortDirection, PluginSortKey, Tag } from '@bm/core';
import type { ReactNode } from 'react';
import { useDropdown } from '../../../components/use-dropdown';
import { cx, focusRing, popoverPanel } from '../../../components/ui';
import { useCommonT } from '../../../lib/i18n/common';
import { usePluginsT } from '../plugins-text';

const triggerClasses = cx(
  'inline-flex h-10 items-center gap-2 rounded-lg border border-slate-700 bg-slate-900 px-3 text-sm font-medium text-slate-100 hover:border-slate-500',
  focusRing,
);

interface SortItem {
  sortBy: PluginSortKey | null;
  sortDir: PluginSortDirection | null;
}

/** The sort options' labels (PLUGIN_SORT_KEYS), in the menu's order. */
const SORT_LABELS = {
  name: 'sort.name',
  downloads: 'sort.downloads',
  release: 'sort.release',
  updated: 'sort.updated',
  rating: 'sort.rating',
  trending: 'sort.trending',
} as const satisfies Record<PluginSortKey, string>;

const SORT_ITEMS: SortItem[] = [
  { sortBy: null, sortDir: null },
  ...(Object.keys(SORT_LABELS) as PluginSortKey[]).flatMap((key) => [
    { sortBy: key, sortDir: 'asc' as const },
    { sortBy: key, sortDir: 'desc' as const },
  ]),
];

/** 'Default', or the option with its direction: 'Name ↑', 'Downloads ↓'. */
function sortLabel(t: ReturnType<typeof usePluginsT>, item: SortItem): string {
  if (!item.sortBy) return t('list.relevance');
  return `${t(SORT_LABELS[item.sortBy])} ${item.sortDir === 'asc' ? '↑' : '↓'}`;
}

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
  const t = usePluginsT();
  const tc = useCommonT();
  const d = useDropdown();
  const currentIndex = Math.max(
    0,
    SORT_ITEMS.findIndex((i) => sameSort(i, sortBy, sortDir)),
  );
  const current = sortLabel(t, SORT_ITEMS[currentIndex] ?? SORT_ITEMS[0]!);

  return (
    <div {...d.container} className="relative">
      <button {...d.trigger} onClick={() => d.toggle(currentIndex)} className={triggerClasses}>
        <span>{tc('colon', { label: t('list.sort') })}</span>
        <span className="text-sky-300">{current}</span>
      </button>
      {d.open && (
        <div {...d.menuProps} aria-label={t('list.sortMenu')} className={cx(popoverPanel, 'lg:w-56')}>
          {SORT_ITEMS.map((item, i) => {
            const checked = i === currentIndex;
            return (
              <button
                key={`${item.sortBy}-${item.sortDir}`}
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
                {sortLabel(t, item)}
                {checked && <span aria-hidden="true">✓</span>}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

const SOURCE_LABELS = {
  any: 'list.sourceOptions.any',
  with: 'list.sourceOptions.with',
  without: 'list.sourceOptions.without',
} as const satisfies Record<PluginHasSourceFilter, string>;

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
  const t = usePluginsT();
  const d = useDropdown({ menu: false });
  const active = selected.length + (source === 'any' ? 0 : 1) + (compatible ? 1 : 0);
  const has = (tag: Tag) =>
    selected.some((s) => s.toLowerCase() === tag.shortName.toLowerCase() || s === String(tag.id));
  const toggle = (tag: Tag) =>
    onTags(
      has(tag)
        ? selected.filter((s) => s.toLowerCase() !== tag.shortName.toLowerCase() && s !== String(tag.id))
        : [...selected, tag.shortName],
    );

  let section: ReactNode = null;
  if (d.open) {
    section = (
      <div
        id={d.panelId}
        role="group"
        aria-label={t('list.filters')}
        className={cx(popoverPanel, 'space-y-3 p-3 lg:w-80')}
      >
        <fieldset>
          <legend className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-400">
            {t('list.tags')}
          </legend>
          <div className="flex max-h-60 flex-wrap gap-1.5 overflow-y-auto">
            {tags.map((tag) => (
              <label
                key={tag.id}
                title={tag.helpText || tag.longName}
                className={cx(
                  'inline-flex min-h-8 cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-sm sm:text-xs has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-400',
                  has(tag)
                    ? 'border-sky-400 bg-sky-500/20 text-sky-200'
                    : 'border-slate-700 text-slate-300 hover:border-slate-500',
                )}
              >
                <input type="checkbox" className="sr-only" checked={has(tag)} onChange={() => toggle(tag)} />
                {tag.longName || tag.shortName}
                {counts && (
                  <>
                    {' '}
                    <span className="tabular-nums text-slate-400">{counts.get(tag.id) ?? 0}</span>
                  </>
                )}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-400">
            {t('list.source')}
          </legend>
          <div className="flex flex-col gap-1">
            {(Object.keys(SOURCE_LABELS) as PluginHasSourceFilter[]).map((key) => (
              <label key={key} className="inline-flex min-h-8 items-center gap-2 text-sm text-slate-200">
                <input
                  type="radio"
                  name={`${d.panelId}-source`}
                  checked={source === key}
                  onChange={() => onSource(key)}
                />
                {t(SOURCE_LABELS[key])}
              </label>
            ))}
          </div>
        </fieldset>
        {onCompatible && (
          <fieldset>
            <legend className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-400">
              {t('compatibility.filterLegend')}
            </legend>
            <label className="inline-flex min-h-8 items-center gap-2 text-sm text-slate-200">
              <input type="checkbox" checked={compatible} onChange={(e) => onCompatible(e.target.checked)} />
              {t('compatibility.filterLabel')}
            </label>
          </fieldset>
        )}
        {active > 0 && (
          <button
            type="button"
            onClick={onClear}
            className={cx('min-h-8 text-sm text-sky-300 underline-offset-2 hover:underline', focusRing)}
          >
            {t('list.clearFilters')}
          </button>
        )}
      </div>
    );
  }

  return (
    <div {...d.container} className="relative">
      <button {...d.trigger} onClick={() => d.toggle()} className={triggerClasses}>
        {t('list.filters')}
        {active > 0 && (
          <span className="rounded-full bg-sky-500 px-1.5 text-xs font-bold text-slate-950">{active}</span>
        )}
      </button>
      {section}
    </div>
  );
}
