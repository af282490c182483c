import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { bodyOf, fakeToken, json, mockFetch, testMember } from '../../test/utils';
import { changeLocale, currentLocale } from '../i18n';
import { followMemberLocale } from './member-locale';
import { getAuthState, resetAuthState, setAuthState, SIGNED_OUT } from './store';

const signedIn = (locale: 'fr' | 'de' | null, isImpersonating = false) =>
  resetAuthState({ ...SIGNED_OUT, token: fakeToken(), member: { ...testMember, locale, isImpersonating } });

describe("the signed-in member's language", () => {
  beforeEach(async () => {
    resetAuthState(SIGNED_OUT);
    await changeLocale('en');
    followMemberLocale();
  });
  afterEach(async () => {
    resetAuthState(SIGNED_OUT);
    await changeLocale('en');
    vi.unstubAllGlobals();
  });

  it('switches the page to the language saved on the member, without saving it back', async () => {
    const fetch = mockFetch(() => json(200, { locale: 'fr' }));
    signedIn('fr');
    await waitFor(() => expect(currentLocale()).toBe('fr'));
    expect(document.documentElement.lang).toBe('fr');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("saves a signed-in member's switch once, and keeps the page's language when the save fails", async () => {
    const fetch = mockFetch(() => json(500, { message: 'down' }));
    signedIn(null);
    await changeLocale('de', { keep: true });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/api/members/me/locale');
    expect(init?.method).toBe('PUT');
    expect(bodyOf(init!)).toEqual({ locale: 'de' });
    expect(getAuthState().member?.locale).toBe('de');
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(currentLocale()).toBe('de');
  });

  it('saves nothing for a visitor or while impersonating', async () => {
    const fetch = mockFetch(() => json(200, {}));
    await changeLocale('fr');
    signedIn('de', true);
    setAuthState({});
    await changeLocale('fr');
    expect(currentLocale()).toBe('fr');
    expect(fetch).not.toHaveBeenCalled();
  });
});
