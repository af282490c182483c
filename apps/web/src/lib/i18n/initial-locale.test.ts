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
    expect(`${window.location.pathname}${window.location.search}`).toBe('/plugins');
    window.history.replaceState(null, '', '/reset-password?token=abc&lang=es#top');
    expect(initialLocale()).toBe('es');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/reset-password?token=abc#top',
    );
  });

  it('ignores an unknown ?lang', () => {
    localStorage.setItem(LOCALE_KEY, 'de');
    window.history.replaceState(null, '', '/?lang=xx');
    expect(initialLocale()).toBe('de');
  });
});
