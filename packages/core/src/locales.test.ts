import { describe, expect, it } from 'vitest';
import { isLocale, localeFromAcceptLanguage, localeOf, matchLocale, parseAcceptLanguage } from './locales.js';

describe('locales', () => {
  it('names a supported locale exactly, then by its language', () => {
    expect(localeOf('pt-BR')).toBe('pt-BR');
    expect(localeOf('pt-br')).toBe('pt-BR');
    expect(localeOf('pt-PT')).toBe('pt-BR');
    expect(localeOf('fr-CA')).toBe('fr');
    expect(localeOf('de_AT')).toBe('de');
    expect(localeOf('en-US')).toBe('en');
    expect(localeOf('it')).toBeNull();
    expect(localeOf('')).toBeNull();
  });

  it('takes the first supported tag of a list', () => {
    expect(matchLocale(['it-IT', 'es-MX', 'en'])).toBe('es');
    expect(matchLocale(['ja'])).toBeNull();
  });

  it('orders Accept-Language by weight, dropping q=0 and *', () => {
    expect(parseAcceptLanguage('en;q=0.5, fr-CH, fr;q=0.9, de;q=0, *;q=0.1')).toEqual(['fr-CH', 'fr', 'en']);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(localeFromAcceptLanguage('it, de-DE;q=0.8, en;q=0.7')).toBe('de');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
    expect(localeFromAcceptLanguage('zz')).toBe('en');
  });

  it('tells a supported locale from anything else', () => {
    expect(isLocale('fr')).toBe(true);
    expect(isLocale('pt-br')).toBe(false);
    expect(isLocale(3)).toBe(false);
  });
});
