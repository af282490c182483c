import { DEFAULT_LOCALE, isLocale, matchLocale, SUPPORTED_LOCALES, type Locale } from '@bm/core';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Namespace, NamespaceResources } from '../../locales/en';
import { readItem, writeItem } from '../storage';

/**
 * The one i18n library of the web app (docs/i18n.md): i18next with react-i18next.
 *
 * English is the source catalogue, one namespace per area (`src/locales/en/<ns>.ts`), and it is
 * bundled with the code that shows it: a feature's namespace is registered when its module loads,
 * so a lazy page carries its own English. Every other language is one chunk of its own
 * (`src/locales/<lng>/index.ts`, all namespaces), loaded only when a reader picks that language.
 * Placeholders are `{name}`; plurals are i18next's `_one`/`_other` keys, chosen by Intl.PluralRules.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  load: 'currentOnly',
  resources: {},
  ns: [],
  defaultNS: false,
  initAsync: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  react: { useSuspense: false },
});

/**
 * Registers a namespace's English (once, when the module that shows it loads) and gives the hook its
 * components read it with: `const t = useT(); t('detail.install')`.
 */
export function namespace<N extends Namespace>(ns: N, english: NamespaceResources[N]) {
  if (!i18n.hasResourceBundle(DEFAULT_LOCALE, ns)) i18n.addResourceBundle(DEFAULT_LOCALE, ns, english, true, true);
  const useT = () => useTranslation(ns).t;
  /** The same texts outside a component (a toast, a title set from a callback), in the current language. */
  const fixedT = () => i18n.getFixedT(null, ns);
  return { useT, fixedT };
}

type Catalogue = Record<string, Record<string, unknown>>;
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Catalogue }>> = {
  fr: () => import('../../locales/fr'),
  de: () => import('../../locales/de'),
  es: () => import('../../locales/es'),
  'pt-BR': () => import('../../locales/pt-BR'),
};
const loaded = new Set<Locale>([DEFAULT_LOCALE]);

async function loadCatalogue(locale: Locale): Promise<void> {
  if (loaded.has(locale) || locale === 'en') return;
  const { default: catalogue } = await LOADERS[locale]();
  for (const [ns, texts] of Object.entries(catalogue)) i18n.addResourceBundle(locale, ns, texts, true, true);
  loaded.add(locale);
}

/** Where a reader's own choice is kept in the browser, signed in or out. */
export const LOCALE_KEY = 'bm.locale';

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
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
 * Switches the language: loads its catalogue chunk first, so no text flashes as a key, then sets
 * `<html lang>`. `keep` writes it to local storage (the reader chose it).
 */
export async function changeLocale(locale: Locale, { keep = false }: { keep?: boolean } = {}): Promise<void> {
  await loadCatalogue(locale);
  if (keep) writeItem('local', LOCALE_KEY, locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  for (const listener of listeners) listener(locale);
}

/** Before the first render: the starting language, with its catalogue loaded. */
export function startLocale(): Promise<void> {
  return changeLocale(initialLocale());
}

/** The current language, re-rendering when it changes. */
export function useLocale(): Locale {
  const { i18n: instance } = useTranslation();
  return isLocale(instance.language) ? instance.language : DEFAULT_LOCALE;
}
