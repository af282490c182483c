import { pageWindow } from '@bm/core';
import { COMMON_EN, useCommonT } from '../lib/i18n/common';
import { cx, focusRing } from './ui';

const EN = COMMON_EN.pagination;
/** The pagination's English, for tests (what it shows goes through the common namespace). */
export const PAGINATION_TEXT = {
  ...EN,
  page: (n: number) => EN.page.replace('{page}', String(n)),
} as const;

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark when a screen has more than one. */
  label?: string;
  className?: string;
}

const itemBase =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-3 text-sm font-medium transition-colors';

/**
 * Numbered pagination of §9: Previous, the first page, an ellipsis, the neighbouring pages, an
 * ellipsis, the last page, Next (the window is core's pageWindow). Nothing shows for one page.
 */
export function Pagination({ page, totalPages, onPageChange, label, className }: PaginationProps) {
  const t = useCommonT();
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(page, 1), totalPages);
  const go = (p: number) => {
    if (p !== current && p >= 1 && p <= totalPages) onPageChange(p);
  };
  const edge = cx(
    itemBase,
    focusRing,
    'border border-slate-700 text-slate-200 hover:border-slate-500 hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent',
  );
  return (
    <nav aria-label={label ?? t('pagination.nav')} className={cx('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <button
            type="button"
            className={edge}
            aria-label={t('pagination.previousLabel')}
            disabled={current <= 1}
            onClick={() => go(current - 1)}
          >
            <span aria-hidden="true">‹</span>
            <span className="ml-1 hidden sm:inline">{t('pagination.previous')}</span>
          </button>
        </li>
        {pageWindow(current, totalPages).map((item) =>
          item.kind === 'ellipsis' ? (
            <li key={item.key} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                aria-label={t('pagination.page', { page: item.page })}
                aria-current={item.page === current ? 'page' : undefined}
                onClick={() => go(item.page)}
                className={cx(
                  itemBase,
                  focusRing,
                  item.page === current
                    ? 'bg-sky-500 text-slate-950'
                    : 'text-slate-300 hover:bg-slate-800 hover:text-white',
                )}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={edge}
            aria-label={t('pagination.nextLabel')}
            disabled={current >= totalPages}
            onClick={() => go(current + 1)}
          >
            <span className="mr-1 hidden sm:inline">{t('pagination.next')}</span>
            <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
