import {
  compileCatalogue,
  DEFAULT_LOCALE,
  isLocale,
  localeFromAcceptLanguage,
  SUPPORTED_LOCALES,
  type Catalogue,
  type CatalogueKey,
  type Locale,
} from '@bm/core';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import de from './de.json' with { type: 'json' };
import en from './en.js';
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };

/**
 * The server's texts (docs/i18n.md, "Server") through the site's one i18n library, Lingui's core, and
 * core's catalogue format (`compileCatalogue`, as the web does), with the server's own catalogue
 * (mails, notices, page heads) in every language at once. A text is written in its reader's language
 * when it is made: a member's saved locale, else English (mails and notices), or a visitor's ?lang /
 * Accept-Language (page heads).
 */
const NS = 'server';
export const CATALOGUES: Record<Locale, Catalogue> & { en: typeof en } = { en, fr, de, es, 'pt-BR': ptBR };

const instances = new Map<Locale, I18n>(
  SUPPORTED_LOCALES.map((locale) => [
    locale,
    setupI18n({
      locale,
      messages: { [locale]: compileCatalogue(NS, CATALOGUES[locale]) as unknown as Messages },
    }),
  ]),
);

/** Every key of the English catalogue (plural keys by their base: `t('x', { count })`). */
export type ServerKey = CatalogueKey<typeof en>;

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
    const own = instances.get(lng)!;
    const english = instances.get(DEFAULT_LOCALE)!;
    const translate = (key: ServerKey, params?: Record<string, string | number>) => {
      const id = `${NS}:${key}`;
      // A text missing in a language (the catalogue test forbids it) reads in English.
      const instance = Object.prototype.hasOwnProperty.call(own.messages, id) ? own : english;
      return instance._(id, params);
    };
    t = Object.assign(translate, { locale: lng });
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
