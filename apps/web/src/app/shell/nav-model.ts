import { hasRole } from '@bm/core';

export type Area = 'plugins' | 'cars';

/** Which catalogue the path belongs to (for highlighting and the search selector). */
export function areaOf(pathname: string): Area | null {
  if (/^\/(plugins?|plugin-search)(\/|$)/.test(pathname)) return 'plugins';
  if (/^\/(cars?|car-search)(\/|$)/.test(pathname)) return 'cars';
  return null;
}

export interface AccountLink {
  label: string;
  to: string;
  badge?: number;
}

/** The signed-in menu (dropdown and mobile menu share it). */
export function accountLinks(username: string, roles: readonly string[], unread: number): AccountLink[] {
  const admin = hasRole(roles, 'administrator');
  const staff = admin || hasRole(roles, 'moderator');
  const links: AccountLink[] = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Inbox', to: '/mail', badge: unread },
  ];
  if (staff) links.push({ label: 'Moderator', to: '/moderator' });
  if (admin) links.push({ label: 'Admin', to: '/admin' });
  links.push({ label: 'Profile', to: `/members/${encodeURIComponent(username)}` });
  links.push({ label: 'Settings', to: '/account/settings' });
  return links;
}

export const SHELL_TEXT = {
  skip: 'Skip to content',
  plugins: 'Plugins',
  cars: 'Cars',
  signUp: 'Sign Up',
  signIn: 'Sign In',
  signOut: 'Sign Out',
  feedback: 'Feedback',
  searchLabel: 'Search',
  searchIn: 'Search in',
  searchPlaceholder: { plugins: 'Search plugins...', cars: 'Search cars...' } satisfies Record<Area, string>,
  accountMenu: 'Account menu',
  loadingAccount: 'Loading your account',
  unreadMail: (n: number) => `${n} unread ${n === 1 ? 'message' : 'messages'}`,
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  mainNav: 'Main',
} as const;
