/**
 * The languages the site speaks. English is the source: the spec's texts, verbatim. The others are
 * translations of it, kept complete by the catalogue tests (web and server).
 */
export const SUPPORTED_LOCALES = ['en', 'fr', 'de', 'es', 'pt-BR'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as a switcher lists them. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The supported locale a language tag names: exact ('pt-BR'), then by its language ('fr-CA' → fr, 'pt' → pt-BR). */
export function localeOf(tag: string): Locale | null {
  const clean = tag.trim().toLowerCase();
  if (!clean) return null;
  const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === clean);
  if (exact) return exact;
  const language = clean.split(/[-_]/)[0];
  return SUPPORTED_LOCALES.find((l) => l.toLowerCase().split('-')[0] === language) ?? null;
}

/** The first supported locale in a list of language tags, in the list's order (navigator.languages). */
export function matchLocale(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const locale = localeOf(tag);
    if (locale) return locale;
  }
  return null;
}

/**
 * The language tags of an Accept-Language header, most wanted first ('fr-CH, fr;q=0.9, en;q=0.8').
 * Entries with q=0 and '*' are dropped; a malformed q counts as 1; equal weights keep their order.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: (tag ?? '').trim(), weight: Number.isFinite(weight) ? weight : 1, index };
    })
    .filter((e) => e.tag && e.tag !== '*' && e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((e) => e.tag);
}

/** The locale an Accept-Language header asks for, or English. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  return matchLocale(parseAcceptLanguage(header)) ?? DEFAULT_LOCALE;
}
