import type { Member } from '@bm/core';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Avatar, cx, focusRing } from '../../components/ui';
import { useDropdown } from '../../components/use-dropdown';
import { openFeedback } from '../../features/feedback';
import { type AccountLink } from './nav-model';
import { useShellT } from './shell-text';
import { UnreadBadge } from './unread-badge';

/**
 * The account dropdown: a menu button (Enter, Space, arrows open it), items reached with
 * the arrow keys, Home and End; Escape closes and returns focus; a click outside closes.
 */
export function UserMenu({
  member,
  links,
  unread,
  onSignOut,
}: {
  member: Member;
  links: AccountLink[];
  unread: number;
  onSignOut: () => void;
}) {
  // The menu button's behaviour (outside click, Escape, Tab, arrows, Home, End) is the dropdown's.
  const t = useShellT();
  const d = useDropdown();
  // The links, Feedback and Sign Out.
  const total = links.length + 2;

  // Enter, Space and Down open it on the first item, Up on the last.
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      d.openMenu(0);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      d.openMenu(total - 1);
    }
  };

  const itemClass = cx(
    'flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left text-sm text-slate-200 hover:bg-slate-800 hover:text-white focus:bg-slate-800 focus:text-white focus:outline-none',
  );

  return (
    <div {...d.container} className="relative">
      <button
        {...d.trigger}
        aria-label={
          unread > 0
            ? t('nav.accountMenuUnread', { username: member.username, count: unread })
            : t('nav.accountMenuOf', { username: member.username })
        }
        onClick={() => d.toggle()}
        onKeyDown={onButtonKey}
        className={cx('flex items-center gap-2 rounded-full py-1 pl-1 pr-3 hover:bg-slate-800', focusRing)}
      >
        <span className="relative">
          <Avatar url={member.avatarUrl} name={member.username} />
          {unread > 0 && (
            <span
              data-testid="unread-dot"
              className="absolute -right-0.5 -top-0.5 h-2.5 w-2.5 rounded-full bg-rose-500 ring-2 ring-slate-950"
            />
          )}
        </span>
        <span className="max-w-32 truncate text-sm font-medium text-slate-100">{member.username}</span>
        <svg viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 text-slate-400" aria-hidden="true">
          <path d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" />
        </svg>
      </button>
      {d.open && (
        <div
          {...d.menuProps}
          aria-label={t('nav.accountMenu')}
          className="absolute right-0 z-50 mt-2 w-56 rounded-xl border border-slate-700 bg-slate-900 p-1.5 shadow-2xl shadow-black/50"
        >
          {links.map((l) => (
            <Link
              key={l.to}
              to={l.to}
              role="menuitem"
              tabIndex={-1}
              className={itemClass}
              onClick={() => d.close(false)}
            >
              <span>{l.label}</span>
              {l.badge ? <UnreadBadge count={l.badge} /> : null}
            </Link>
          ))}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={itemClass}
            onClick={() => {
              d.close(false);
              openFeedback();
            }}
          >
            {t('nav.feedback')}
          </button>
          <div role="separator" className="my-1 h-px bg-slate-800" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={cx(itemClass, 'text-rose-300')}
            onClick={() => {
              d.close(false);
              onSignOut();
            }}
          >
            {t('nav.signOut')}
          </button>
        </div>
      )}
    </div>
  );
}
