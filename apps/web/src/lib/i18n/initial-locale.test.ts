import { afterEach, describe, expect, it } from 'vitest';
import { initialLocale, LOCALE_KEY } from '.';

describe('the starting language', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    localStorage.clear();
  });

  it('takes a valid ?lang from the address over the kept choice, and keeps it', () => {
    localStorage.setItem(LOCALE_KEY, 'fr');
    window.history.replaceState(null, '', '/plugins?lang=pt-BR');
    expect(initialLocale()).toBe('pt-BR');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('pt-BR');
  });

  it('ignores an unknown ?lang', () => {
    localStorage.setItem(LOCALE_KEY, 'de');
    window.history.replaceState(null, '', '/?lang=xx');
    expect(initialLocale()).toBe('de');
  });
});
