import type { Member } from '@bm/core';
import type { KeyboardEvent } from 'react';
import { Avatar, cx, focusRing } from '../../components/ui';
import { MenuButton, MenuLink, MenuPanel } from '../../components/menu';
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
      <MenuPanel dropdown={d} label={t('nav.accountMenu')} className="z-50 w-56">
        {links.map((l) => (
          <MenuLink key={l.to} to={l.to} onClick={() => d.close(false)}>
            <span>{l.label}</span>
            {l.badge ? <UnreadBadge count={l.badge} /> : null}
          </MenuLink>
        ))}
        <MenuButton
          onClick={() => {
            d.close(false);
            openFeedback();
          }}
        >
          {t('nav.feedback')}
        </MenuButton>
        <div role="separator" className="my-1 h-px bg-slate-800" />
        <MenuButton
          danger
          onClick={() => {
            d.close(false);
            onSignOut();
          }}
        >
          {t('nav.signOut')}
        </MenuButton>
      </MenuPanel>
    </div>
  );
}
