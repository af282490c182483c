import type { Member } from '@bm/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Avatar, cx, focusRing } from '../../components/ui';
import { openFeedback } from '../../features/feedback';
import { SHELL_TEXT, type AccountLink } from './nav-model';

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
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const items = useRef<Array<HTMLElement | null>>([]);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const menuId = useId();
  // The links, Feedback and Sign Out.
  const total = links.length + 2;

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen.current) {
      const target = focusOnOpen.current === 'first' ? items.current[0] : items.current[total - 1];
      target?.focus();
      focusOnOpen.current = null;
    }
    const onDown = (e: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, total]);

  const openWith = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openWith('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openWith('last');
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const index = items.current.findIndex((el) => el === document.activeElement);
    const move = (to: number) => {
      e.preventDefault();
      items.current[(to + total) % total]?.focus();
    };
    if (e.key === 'ArrowDown') move(index + 1);
    else if (e.key === 'ArrowUp') move(index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(total - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') setOpen(false);
  };

  const itemClass = cx(
    'flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left text-sm text-slate-200 hover:bg-slate-800 hover:text-white focus:bg-slate-800 focus:text-white focus:outline-none',
  );

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`${SHELL_TEXT.accountMenu}: ${member.username}${unread > 0 ? `, ${SHELL_TEXT.unreadMail(unread)}` : ''}`}
        onClick={() => (open ? close(false) : openWith('first'))}
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
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={SHELL_TEXT.accountMenu}
          onKeyDown={onMenuKey}
          className="absolute right-0 z-50 mt-2 w-56 rounded-xl border border-slate-700 bg-slate-900 p-1.5 shadow-2xl shadow-black/50"
        >
          {links.map((l, i) => (
            <Link
              key={l.to}
              ref={(el) => {
                items.current[i] = el;
              }}
              to={l.to}
              role="menuitem"
              tabIndex={-1}
              className={itemClass}
              onClick={() => setOpen(false)}
            >
              <span>{l.label}</span>
              {l.badge ? (
                <span className="rounded-full bg-rose-500 px-2 py-0.5 text-xs font-bold text-white">
                  {l.badge}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </Link>
          ))}
          <button
            ref={(el) => {
              items.current[links.length] = el;
            }}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={itemClass}
            onClick={() => {
              setOpen(false);
              openFeedback();
            }}
          >
            {SHELL_TEXT.feedback}
          </button>
          <div role="separator" className="my-1 h-px bg-slate-800" />
          <button
            ref={(el) => {
              items.current[links.length + 1] = el;
            }}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={cx(itemClass, 'text-rose-300')}
            onClick={() => {
              setOpen(false);
              onSignOut();
            }}
          >
            {SHELL_TEXT.signOut}
          </button>
        </div>
      )}
    </div>
  );
}
