import type { Member } from '@bm/core';
import { api } from '../api';
import { changeLocale, currentLocale, onLocaleChange } from '../i18n';
import { getAuthState, setAuthState, subscribeAuth } from './store';

let following = false;

/**
 * A signed-in member's language follows them (docs/i18n.md): when the member is known and has a
 * language other than the page's, the page switches to it; when they switch language, it is saved
 * (PUT /members/me/locale, failures ignored). An administrator impersonating someone neither takes
 * on nor changes that member's language. The saved language is put on the member first, so the
 * switch it causes never saves again.
 */
export function followMemberLocale(): void {
  if (following) return;
  following = true;
  let seen: Member | null = null;
  subscribeAuth(() => {
    const { member } = getAuthState();
    if (member === seen) return;
    seen = member;
    if (member?.locale && !member.isImpersonating && member.locale !== currentLocale())
      void changeLocale(member.locale);
  });
  onLocaleChange((locale) => {
    const { member, token } = getAuthState();
    if (!member || !token || member.isImpersonating || member.locale === locale) return;
    setAuthState({ member: { ...member, locale } });
    api.put('/members/me/locale', { locale }).catch(() => undefined);
  });
}
