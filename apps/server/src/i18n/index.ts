import { DEFAULT_LOCALE, isLocale, localeFromAcceptLanguage, SUPPORTED_LOCALES, type Locale } from '@bm/core';
import i18next from 'i18next';
import de from './de.json' with { type: 'json' };
import en from './en.js';
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * The server's one i18n instance (docs/i18n.md, "Server"): i18next, like the web, with the server's
 * own catalogue (mails, notices, page heads) in every language at once. A text is written in its
 * reader's language when it is made: a member's saved locale, else English (mails and notices), or a
 * visitor's ?lang / Accept-Language (page heads).
 */
const NS = 'server';
export const CATALOGUES = { en, fr, de, es, 'pt-BR': ptBR } as const;

const i18n = i18next.createInstance();
void i18n.init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  load: 'currentOnly',
  ns: [NS],
  defaultNS: NS,
  resources: Object.fromEntries(Object.entries(CATALOGUES).map(([lng, texts]) => [lng, { [NS]: texts }])),
  initAsync: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
});

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type Base<K extends string> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;
/** Every key of the English catalogue (plural keys by their base: `t('x', { count })`). */
export type ServerKey = Base<Leaves<typeof en>>;

/** The server's texts in one language. */
export interface ServerT {
  (key: ServerKey, params?: Record<string, string | number>): string;
  readonly locale: Locale;
}

const cache = new Map<Locale, ServerT>();

/** The texts in a language; anything that is not a supported locale (null, a stale value) reads English. */
export function serverT(locale: string | null | undefined): ServerT {
  const lng = isLocale(locale) ? locale : DEFAULT_LOCALE;
  let t = cache.get(lng);
  if (!t) {
    const fixed = i18n.getFixedT(lng, NS);
    t = Object.assign((key: ServerKey, params?: Record<string, string | number>) => fixed(key, params ?? {}), {
      locale: lng,
    });
    cache.set(lng, t);
  }
  return t;
}

/** English, the texts of a member without a language and of code that writes for nobody in particular. */
export const englishT = serverT(DEFAULT_LOCALE);

/**
 * The language of a page the server writes (its head: title, description, link previews): a valid
 * `?lang=xx` wins (chosen: the address names it), else the browser's Accept-Language, else English.
 */
export function pageLocale(lang: string | null | undefined, acceptLanguage: string | undefined) {
  if (isLocale(lang)) return { locale: lang, chosen: true };
  return { locale: localeFromAcceptLanguage(acceptLanguage), chosen: false };
}
