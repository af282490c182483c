import { withAds } from '@bm/core';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useCommonT } from '../lib/i18n/common';
import type { ListView } from '../lib/list-query-string';
import { AdUnit, useAdMode } from './ad-unit';
import { SkeletonCard } from './skeleton-card';
import { SearchInput } from './search-input';
import { Button, cx, focusRing } from './ui';

/**
 * The parts the plugin and car lists share (catalogue spec §4): the search box, the grid/list
 * switch and the results with their ad cards. Each list brings its own texts and cards.
 */

/** A catalogue's texts: its own namespace's `list.` keys (the plugins' and the cars' both have them). */
export type CatalogueT = (
  key:
    | 'list.searchLabel'
    | 'list.searchPlaceholder'
    | 'list.clear'
    | 'list.view'
    | 'list.grid'
    | 'list.list'
    | 'list.error'
    | 'list.tryAgain'
    | 'list.loading'
    | 'list.results'
    | 'list.noResultsTitle'
    | 'list.emptyTitle',
) => string;

/**
 * Typing searches `debounceMs` after the last key; Enter searches at once; the text is trimmed.
 * The box follows the address when it changes from elsewhere (back button, Clear, 'Browse all').
 */
export function SearchBox({
  committed,
  onSearch,
  debounceMs,
  t,
}: {
  committed: string;
  onSearch: (q: string) => void;
  debounceMs: number;
  t: CatalogueT;
}) {
  const texts = { label: t('list.searchLabel'), placeholder: t('list.searchPlaceholder'), clear: t('list.clear') };
  const [text, setText] = useState(committed);
  const [seen, setSeen] = useState(committed);
  if (committed !== seen) {
    setSeen(committed);
    if (text.trim() !== committed) setText(committed);
  }

  useEffect(() => {
    const q = text.trim();
    if (q === committed) return;
    const timer = setTimeout(() => onSearch(q), debounceMs);
    return () => clearTimeout(timer);
  }, [text, committed, onSearch, debounceMs]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };

  return (
    <form role="search" aria-label={texts.label} onSubmit={submit} className="flex flex-1 gap-2">
      <SearchInput
        label={texts.label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={texts.placeholder}
        autoComplete="off"
        className="h-10"
      />
      {(text || committed) && (
        <Button
          variant="ghost"
          onClick={() => {
            setText('');
            onSearch('');
          }}
        >
          {texts.clear}
        </Button>
      )}
    </form>
  );
}

/** A catalogue's search box, then its own controls (filters, sort, the grid/list switch) in a row. */
export function CatalogueToolbar({
  search,
  onSearch,
  debounceMs,
  t,
  children,
}: {
  search: string;
  onSearch: (q: string) => void;
  debounceMs: number;
  t: CatalogueT;
  children: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center">
      <SearchBox committed={search} onSearch={onSearch} debounceMs={debounceMs} t={t} />
      <div className="flex flex-wrap items-center gap-2">{children}</div>
    </div>
  );
}

const VIEW_ICONS: Record<ListView, string> = {
  grid: 'M3 3h6v6H3V3zm8 0h6v6h-6V3zM3 11h6v6H3v-6zm8 0h6v6h-6v-6z',
  list: 'M3 4h14v3H3V4zm0 5h14v3H3V9zm0 5h14v3H3v-3z',
};

/** Two pressed-state buttons in a named group. */
export function ViewToggle({ view, onChange, t }: { view: ListView; onChange: (v: ListView) => void; t: CatalogueT }) {
  const texts = { view: t('list.view'), grid: t('list.grid'), list: t('list.list') };
  return (
    <div
      role="group"
      aria-label={texts.view}
      className="inline-flex overflow-hidden rounded-lg border border-slate-700"
    >
      {(['grid', 'list'] as const).map((mode) => (
        <button
          key={mode}
          type="button"
          aria-pressed={view === mode}
          aria-label={texts[mode]}
          title={texts[mode]}
          onClick={() => onChange(mode)}
          className={cx(
            'inline-flex h-10 w-10 items-center justify-center text-slate-300',
            focusRing,
            view === mode ? 'bg-sky-500 text-slate-950' : 'hover:bg-slate-800 hover:text-white',
          )}
        >
          <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden="true">
            <path d={VIEW_ICONS[mode]} />
          </svg>
        </button>
      ))}
    </div>
  );
}

/** The items as a named list, grid or rows, with the ad cards of withAds between them. */
export function ResultsList<T extends { id: number }>({
  items,
  view,
  label,
  isStale,
  renderItem,
}: {
  items: readonly T[];
  view: ListView;
  label: string;
  /** An older answer shown while the new one loads. */
  isStale: boolean;
  /** `first` is the list's first item: the page's largest image, loaded first (not lazily). */
  renderItem: (item: T, first: boolean) => ReactNode;
}) {
  const t = useCommonT();
  const ads = useAdMode() !== 'off';
  const entries: Array<{ kind: 'item'; item: T } | { kind: 'ad'; key: string }> = ads
    ? withAds(items)
    : items.map((item) => ({ kind: 'item', item }));
  return (
    <>
      {/* The cards' names are level 3: this keeps the page's outline whole (h1, then h2, then h3). */}
      <h2 className="sr-only">{t('results')}</h2>
      <ul
        aria-label={label}
        aria-busy={isStale}
        data-view={view}
        className={cx(
          'transition-opacity',
          isStale && 'opacity-60',
          view === 'grid' ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'flex flex-col gap-3',
        )}
      >
        {entries.map((entry) =>
          entry.kind === 'ad' ? (
            <li key={entry.key} className={view === 'grid' ? 'min-h-48' : undefined} data-testid="list-ad">
              <AdUnit className="h-full" />
            </li>
          ) : (
            <li key={entry.item.id}>{renderItem(entry.item, entry.item === items[0])}</li>
          ),
        )}
      </ul>
    </>
  );
}

/**
 * While a list loads: placeholder cards (or rows) the size of the real ones, so the page does not
 * jump when they arrive; read out as one status with `label`.
 */
export function ListSkeleton({ view, label, count = 8 }: { view: ListView; label: string; count?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <ul
        aria-hidden="true"
        className={view === 'grid' ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'flex flex-col gap-3'}
      >
        {Array.from({ length: count }, (_, i) =>
          view === 'grid' ? (
            <SkeletonCard key={i} bars={['h-5 w-3/4', 'h-4 w-full', 'h-4 w-1/2']} />
          ) : (
            <li key={i} className="flex animate-pulse gap-4 rounded-xl border border-slate-800 bg-slate-900/70 p-3">
              <div className="aspect-video w-32 shrink-0 rounded-lg bg-slate-800 sm:w-40" />
              <div className="flex-1 space-y-2 py-1">
                <div className="h-5 w-1/2 rounded bg-slate-800" />
                <div className="h-4 w-3/4 rounded bg-slate-800" />
              </div>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}

/** The result counter, read out politely when it changes ('Showing 20 cars', 'Page 2 of 3 (…)'). */
export function ResultCounter({
  counter,
  testId,
}: {
  counter: { summary: string; pages: string | null } | null;
  testId: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid={testId}
      className="mb-4 min-h-5 text-sm text-slate-400"
    >
      {counter && (
        <>
          <span>{counter.summary}</span>
          {counter.pages && <span className="ml-2 text-slate-400">{counter.pages}</span>}
        </>
      )}
    </div>
  );
}

/** The list could not be loaded: said at once (role=alert), with a way to ask again. */
export function ListError({ text, retryText, onRetry }: { text: string; retryText: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-6 py-10 text-center">
      <p className="text-rose-200">{text}</p>
      <Button className="mt-4" variant="outline" onClick={onRetry}>
        {retryText}
      </Button>
    </div>
  );
}

/** Nothing to show: a title, a line, and what the list offers instead (children). */
export function ListEmpty({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-800 bg-slate-900/50 px-6 py-14 text-center">
      <h2 className="text-xl font-semibold text-white">{title}</h2>
      <p className="mt-2 text-slate-400">{text}</p>
      {children}
    </div>
  );
}
