import type { MarkdownFieldTexts } from '../../../components/markdown-field';
import { currentLocale, namespace } from '../../../lib/i18n';
import pluginManage from '../../../locales/en/pluginManage';

/** The manage page's texts and the build toasts, through the one i18n library (docs/i18n.md). */
export const { useT: usePluginManageT, fixedT: pluginManageT } = namespace('pluginManage', pluginManage);

const ordinalRules = new Map<string, Intl.PluralRules>();
const ENGLISH_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
/** A place in a queue as the reader's language writes it: 1st, 2nd, 11th, 21st; 1er, 2e; 1.; 1.º; 1º. */
export function ordinal(n: number): string {
  const locale = currentLocale();
  if (locale === 'fr') return n === 1 ? '1er' : `${n}e`;
  if (locale === 'de') return `${n}.`;
  if (locale === 'es') return `${n}.º`;
  if (locale === 'pt-BR') return `${n}º`;
  let rules = ordinalRules.get('en');
  if (!rules) ordinalRules.set('en', (rules = new Intl.PluralRules('en-US', { type: 'ordinal' })));
  return `${n}${ENGLISH_SUFFIX[rules.select(n)] ?? 'th'}`;
}

/** The markdown editor's own texts (components/markdown-field) in the reader's language. */
export function useMarkdownTexts(): MarkdownFieldTexts {
  const t = usePluginManageT();
  return {
    write: t('write'),
    preview: t('preview'),
    previewEmpty: t('previewEmpty'),
    counter: (length: number, max: number) => t('counter', { length, max }),
  };
}
