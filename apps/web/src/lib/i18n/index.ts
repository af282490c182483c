import {
  compileCatalogue,
  DEFAULT_LOCALE,
  isLocale,
  matchLocale,
  type Catalogue,
  type CatalogueKey,
  type Locale,
  type TextValues,
} from '@bm/core';
import { setupI18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import type { Namespace, NamespaceResources } from '../../locales/en';
import { LATER_NAMESPACES } from '../../locales/parts';
import { readItem, writeItem } from '../storage';

/**
 * The one i18n library of the web app (docs/i18n.md): Lingui's core, chosen for its weight (about
 * 2 KB gzip in the first visit, against some 18 KB for i18next with react-i18next).
 *
 * English is the source catalogue, one namespace per area (`src/locales/en/<ns>.ts`), bundled with
 * the code that shows it: a feature's namespace is registered when its module loads, so a lazy page
 * carries its own English. Every other language is two chunks of its own (the public pages' texts,
 * then the rest: `src/locales/parts.ts`), loaded only when a reader picks that language. Lingui picks
 * plural forms by CLDR (Intl.PluralRules) and fills placeholders; a text missing in a language falls
 * back to English.
 */
export const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });
const english = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });

export type Translate<N extends Namespace> = (key: CatalogueKey<NamespaceResources[N]>, values?: TextValues) => string;

function translate<N extends Namespace>(ns: N): Translate<N> {
  return (key, values) => {
    const id = `${ns}:${key}`;
    const instance = Object.prototype.hasOwnProperty.call(i18n.messages, id) ? i18n : english;
    return instance._(id, values as Record<string, unknown> | undefined);
  };
}

/**
 * Registers a namespace's English (once, when the module that shows it loads) and gives the hook its
 * components read it with: `const t = useT(); t('detail.install')`, `t('comments', { count })`.
 */
export function namespace<N extends Namespace>(ns: N, source: NamespaceResources[N]) {
  const messages = compileCatalogue(ns, source as Catalogue) as unknown as Messages;
  english.load(DEFAULT_LOCALE, messages);
  i18n.load(DEFAULT_LOCALE, messages);
  if (LATER_NAMESPACES.has(ns)) wantPart('later');
  const t = translate(ns);
  /** The texts in the current language; the component renders again when the language changes. */
  const useT = (): Translate<N> => {
    useLocale();
    return t;
  };
  /** The same texts outside a component (a toast, a title set from a callback). */
  const fixedT = (): Translate<N> => t;
  return { useT, fixedT };
}

/**
 * A message the server answered with, in the reader's language: by its stable `code` ('auth.emailTaken',
 * the `errors` catalogue of the language's chunk) when the language has it, else as the server wrote it
 * (English, the spec's text). English readers always get the server's own words.
 */
export function serverMessage(
  message: string,
  code: string | null | undefined,
  params?: Record<string, string | number> | null,
): string {
  if (!code) return message;
  const id = `errors:${code}`;
  return Object.prototype.hasOwnProperty.call(i18n.messages, id) ? i18n._(id, params ?? undefined) : message;
}

/**
 * Each other language is two chunks (locales/parts.ts): 'main', what the public pages show, and
 * 'later', the namespaces of the pages behind sign-in, the staff's and the legal pages. 'later' is
 * wanted from the moment the code of such a page loads (its module registers the namespace), and a
 * lazy page renders only once what is wanted has come (`textsReady`), so no English flashes.
 */
type Part = 'main' | 'later';
type LocaleCatalogue = Record<string, Catalogue>;
type Loader = () => Promise<{ default: LocaleCatalogue }>;
const LOADERS: Record<Exclude<Locale, 'en'>, Record<Part, Loader>> = {
  fr: { main: () => import('../../locales/catalogue-fr'), later: () => import('../../locales/catalogue-fr-later') },
  de: { main: () => import('../../locales/catalogue-de'), later: () => import('../../locales/catalogue-de-later') },
  es: { main: () => import('../../locales/catalogue-es'), later: () => import('../../locales/catalogue-es-later') },
  'pt-BR': {
    main: () => import('../../locales/catalogue-pt-BR'),
    later: () => import('../../locales/catalogue-pt-BR-later'),
  },
};
const wanted = new Set<Part>(['main']);
const loaded = new Set<string>();
let pending: Promise<void> = Promise.resolve();
/** The language being switched to, or the current one: a part wanted meanwhile is fetched for it. */
let target: Locale = DEFAULT_LOCALE;

async function loadCatalogue(locale: Locale): Promise<void> {
  if (locale === 'en') return;
  // Again until nothing is missing: a part may become wanted while others are on their way.
  for (;;) {
    const parts = [...wanted].filter((part) => !loaded.has(`${locale}/${part}`));
    if (parts.length === 0) return;
    const catalogues = await Promise.all(parts.map((part) => LOADERS[locale][part]()));
    const messages: Messages = {};
    for (const { default: catalogue } of catalogues) {
      for (const [ns, texts] of Object.entries(catalogue)) Object.assign(messages, compileCatalogue(ns, texts));
    }
    i18n.load(locale, messages);
    for (const part of parts) loaded.add(`${locale}/${part}`);
  }
}

function wantPart(part: Part): void {
  if (wanted.has(part)) return;
  wanted.add(part);
  // A failed fetch leaves those texts in English, as a missing text would be; a later change retries.
  pending = loadCatalogue(target).catch(() => undefined);
}

/** Resolves once the wanted catalogue parts of the language being shown have come (lazy pages await it). */
export function textsReady(): Promise<void> {
  return pending;
}

/** Where a reader's own choice is kept in the browser, signed in or out. */
export const LOCALE_KEY = 'bm.locale';

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

function browserLocale(): Locale {
  const tags = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return matchLocale(tags.filter(Boolean)) ?? DEFAULT_LOCALE;
}

/** A valid `?lang=xx` in the address (a shared link, a search engine's language alternate), else null. */
function addressLocale(): Locale | null {
  if (typeof window === 'undefined') return null;
  const url = new URL(window.location.href);
  const lang = url.searchParams.get('lang');
  if (!isLocale(lang)) return null;
  // Kept as the reader's choice, then dropped from the address, so that a later switch is not undone on reload.
  url.searchParams.delete('lang');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return lang;
}

/**
 * The language to start in: a valid `?lang=xx` in the address (kept, as if the reader chose it),
 * else the reader's kept choice, else the browser's languages, else English.
 */
export function initialLocale(): Locale {
  const asked = addressLocale();
  if (asked) {
    writeItem('local', LOCALE_KEY, asked);
    return asked;
  }
  const kept = readItem('local', LOCALE_KEY);
  return isLocale(kept) ? kept : browserLocale();
}

const listeners = new Set<(locale: Locale) => void>();
/** Called after every change of language (the session saves a signed-in member's choice). */
export function onLocaleChange(listener: (locale: Locale) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Switches the language: loads its catalogue chunk first, so no text flashes in another language,
 * then sets `<html lang>`. `keep` writes it to local storage (the reader chose it).
 */
export async function changeLocale(locale: Locale, { keep = false }: { keep?: boolean } = {}): Promise<void> {
  target = locale;
  await loadCatalogue(locale);
  if (keep) writeItem('local', LOCALE_KEY, locale);
  if (i18n.locale !== locale) i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  for (const listener of listeners) listener(locale);
}

/** Before the first render: the starting language, with its catalogue loaded. */
export function startLocale(): Promise<void> {
  return changeLocale(initialLocale());
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** The current language, re-rendering when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}
