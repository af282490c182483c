import type { CollectionSummary } from '@bm/core';
import { Link } from 'react-router';
import { cx, focusRing } from '../../components/ui';
import { useCollectionsT, VISIBILITY_KEYS } from './collections-text';

/** Collections as cards: name (the link), owner, item and follower counts, and the visibility when not public. */
export function CollectionList({ items, label }: { items: CollectionSummary[]; label: string }) {
  const t = useCollectionsT();
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="collection-list">
      {items.map((c) => (
        <li
          key={c.id}
          className="relative flex flex-col gap-2 rounded-xl border border-slate-800 bg-slate-900/70 p-4 transition-colors hover:border-sky-500/60 focus-within:border-sky-500/60"
        >
          <h3 className="break-words text-base font-semibold text-white">
            <Link
              to={`/collections/${c.id}`}
              className={cx('rounded after:absolute after:inset-0 after:content-[""] hover:text-sky-300', focusRing)}
            >
              {c.name}
            </Link>
          </h3>
          <p className="text-sm text-slate-400">
            {t('by')}{' '}
            <Link
              to={`/members/${encodeURIComponent(c.owner.displayName)}`}
              className={cx(
                'relative z-10 rounded text-slate-200 underline underline-offset-2 hover:text-sky-300',
                focusRing,
              )}
            >
              {c.owner.displayName}
            </Link>
          </p>
          {c.description && <p className="line-clamp-2 break-words text-sm text-slate-300">{c.description}</p>}
          <p className="mt-auto flex flex-wrap gap-x-3 text-xs text-slate-400">
            <span>{t('itemCount', { count: c.itemCount })}</span>
            <span>{t('followerCount', { count: c.followerCount })}</span>
            {c.visibility !== 'public' && (
              <span className="rounded-full border border-slate-600 px-2 text-slate-200">
                {t(VISIBILITY_KEYS[c.visibility])}
              </span>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
