import { hasRole } from '@bm/core';
import { shellT } from './shell-text';

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

/** The signed-in menu (dropdown and mobile menu share it), in the current language. */
export function accountLinks(username: string, roles: readonly string[], unread: number): AccountLink[] {
  const t = shellT();
  const admin = hasRole(roles, 'administrator');
  const staff = admin || hasRole(roles, 'moderator');
  const links: AccountLink[] = [
    { label: t('nav.dashboard'), to: '/dashboard' },
    { label: t('nav.inbox'), to: '/mail', badge: unread },
  ];
  if (staff) links.push({ label: t('nav.moderator'), to: '/moderator' });
  if (admin) links.push({ label: t('nav.admin'), to: '/admin' });
  links.push({ label: t('nav.profile'), to: `/members/${encodeURIComponent(username)}` });
  links.push({ label: t('nav.settings'), to: '/account/settings' });
  return links;
}
