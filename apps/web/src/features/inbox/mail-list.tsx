import type { MailMessage } from '@bm/core';
import { Link } from 'react-router';
import { Time, cx, focusRing } from '../../components/ui';
import { useCategoryLabel, useInboxT } from './inbox-text';

/** The messages of one page: each opens its detail page; unread ones stand out. */
export function MailList({ items, actions }: { items: MailMessage[]; actions?: (m: MailMessage) => React.ReactNode }) {
  const t = useInboxT();
  const categoryLabel = useCategoryLabel();
  return (
    <ul
      aria-label={t('listLabel')}
      className="divide-y divide-slate-800 overflow-hidden rounded-xl border border-slate-800 bg-slate-900/60"
    >
      {items.map((m) => {
        const unread = m.status === 'U';
        return (
          <li key={m.id} className="flex items-center gap-3 px-4 py-3" data-testid="mail-item">
            <span
              className={cx('h-2.5 w-2.5 shrink-0 rounded-full', unread ? 'bg-sky-400' : 'bg-transparent')}
              aria-hidden="true"
            />
            <Link to={`/mail/${m.id}`} className={cx('min-w-0 flex-1 rounded', focusRing)}>
              <span className={cx('block truncate', unread ? 'font-semibold text-white' : 'text-slate-200')}>
                {unread && <span className="sr-only">{`${t('unreadMark')} `}</span>}
                {m.subject}
              </span>
              <span className="mt-0.5 block truncate text-xs text-slate-400">
                {m.from} · {categoryLabel(m.category)} · <Time value={m.createdAt} />
              </span>
            </Link>
            {actions?.(m)}
          </li>
        );
      })}
    </ul>
  );
}
