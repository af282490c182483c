import { PLURAL_FORM } from './catalogues.js';

/**
 * The completeness rules of every catalogue (web and server tests, docs/i18n.md): a language has
 * each English key, with the plural forms CLDR gives it, and the same placeholders; nothing else.
 * Catalogues are given flat (`flattenCatalogue`), keys as 'a.b' and plural forms as 'a.b_one'.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
export const catalogueBaseKey = (key: string) => key.replace(PLURAL, '');
const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1]!)
    .sort()
    .join();

/** English keys by base key: a plural's forms together. */
export function catalogueGroups(texts: Record<string, string>): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const key of Object.keys(texts))
    map.set(catalogueBaseKey(key), [...(map.get(catalogueBaseKey(key)) ?? []), key]);
  return map;
}

/** What a language's catalogue lacks or has too many of, against English; empty when it is complete. */
export function catalogueProblems(
  locale: string,
  english: Record<string, string>,
  texts: Record<string, string>,
): string[] {
  const problems: string[] = [];
  const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const enGroups = catalogueGroups(english);
  for (const [base, forms] of enGroups) {
    const isPlural = forms.some((k) => PLURAL_FORM.test(k));
    const expected = isPlural ? needed.map((c) => `${base}_${c}`) : [base];
    const allowed = new Set(placeholders(forms.map((k) => english[k]).join(' ')).split(','));
    for (const key of expected) {
      const text = texts[key];
      if (text === undefined || text.trim() === '') {
        problems.push(`${key} is missing`);
        continue;
      }
      if (isPlural) {
        const stray = placeholders(text)
          .split(',')
          .filter((p) => p && !allowed.has(p));
        if (stray.length) problems.push(`${key} has placeholders {${stray}} not in English`);
      } else if (placeholders(text) !== placeholders(english[base]!)) {
        problems.push(`${key} has {${placeholders(text)}} where English has {${placeholders(english[base]!)}}`);
      }
    }
  }
  for (const key of Object.keys(texts)) {
    const forms = enGroups.get(catalogueBaseKey(key));
    const pluralOk = forms?.some((k) => PLURAL_FORM.test(k)) && PLURAL_FORM.test(key);
    if (!forms || (!forms.includes(key) && !pluralOk)) problems.push(`${key} is not an English key`);
  }
  return problems;
}

/** English keys that appear nowhere in the code as a literal ('a.b', "a.b" or `a.b`). */
export function unusedCatalogueKeys(english: Record<string, string>, code: string): string[] {
  return [...catalogueGroups(english).keys()].filter(
    (base) => !code.includes(`'${base}'`) && !code.includes(`"${base}"`) && !code.includes(`\`${base}\``),
  );
}
