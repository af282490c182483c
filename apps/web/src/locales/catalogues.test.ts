import path from 'node:path';
import { sourceTextBelow } from '@bm/core/catalogue-sources';
import { catalogueProblems, flattenCatalogue, SUPPORTED_LOCALES, unusedCatalogueKeys, type Catalogue } from '@bm/core';
import { describe, expect, it } from 'vitest';
import { LATER_NAMESPACES } from './parts';

/**
 * Every catalogue is complete and clean (issue 30): each language has every English key, with the
 * plural forms its language needs (CLDR, through Intl.PluralRules) and the same placeholders; no
 * catalogue holds a key that no code uses.
 */
type Texts = Record<string, string>;
const flatten = (value: unknown): Texts => flattenCatalogue(value as Catalogue);

const english = Object.fromEntries(
  Object.entries(import.meta.glob<{ default: unknown }>('./en/*.ts', { eager: true }))
    .filter(([file]) => !file.endsWith('/index.ts'))
    .map(([file, mod]) => [path.basename(file, '.ts'), flatten(mod.default)]),
) as Record<string, Texts>;

const others = import.meta.glob<{ default: unknown }>('./*/*.json', { eager: true });
function catalogue(locale: string, ns: string): Texts | null {
  const mod = others[`./${locale}/${ns}.json`];
  return mod ? flatten(mod.default) : null;
}

const TRANSLATED = SUPPORTED_LOCALES.filter((l) => l !== 'en');

/** Whether `name` holds `shown` word for word, as axe compares them ('précédente' does not hold 'précédent'). */
function holdsWords(name: string, shown: string): boolean {
  const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const all = words(name).join(' ');
  const part = words(shown).join(' ');
  return ` ${all} `.includes(` ${part} `);
}

describe('catalogues', () => {
  it('has English namespaces to check', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
  });

  for (const locale of TRANSLATED) {
    it(`${locale}: every key, plural form and placeholder of English, and nothing else`, () => {
      const problems: string[] = [];
      for (const file of Object.keys(others).filter((f) => f.startsWith(`./${locale}/`))) {
        const ns = path.basename(file, '.json');
        if (!english[ns]) problems.push(`${file}: no English namespace ${ns}`);
      }
      for (const [ns, en] of Object.entries(english)) {
        const texts = catalogue(locale, ns);
        if (!texts) problems.push(`${locale}/${ns}.json is missing`);
        else problems.push(...catalogueProblems(locale, en, texts).map((p) => `${locale}/${ns}: ${p}`));
      }
      expect(problems).toEqual([]);
    });
  }

  // A control named by `xLabel` whose visible text is `x` must keep that text inside its name in
  // every language, as it does in English (axe: label-content-name-mismatch; voice control users
  // say what they see).
  for (const locale of TRANSLATED) {
    it(`${locale}: a label holds the visible text it names, where English does`, () => {
      const problems: string[] = [];
      for (const [ns, en] of Object.entries(english)) {
        const texts = catalogue(locale, ns) ?? {};
        for (const key of Object.keys(en).filter((k) => k.endsWith('Label'))) {
          const visible = key.slice(0, -'Label'.length);
          const enVisible = en[visible];
          if (!enVisible || !holdsWords(en[key]!, enVisible)) continue;
          const label = texts[key];
          const shown = texts[visible];
          if (label && shown && !holdsWords(label, shown))
            problems.push(`${locale}/${ns}: ${key} "${label}" does not hold ${visible} "${shown}"`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('has no key that no code uses', () => {
    const code = sourceTextBelow(path.resolve(import.meta.dirname, '..'), import.meta.dirname);
    // The errors catalogue's keys are the codes the server sends (lib/i18n serverMessage), not literals.
    const unused = Object.entries(english)
      .filter(([ns]) => ns !== 'errors')
      .flatMap(([ns, en]) => unusedCatalogueKeys(en, code).map((key) => `${ns}:${key}`));
    expect(unused).toEqual([]);
  });
});

describe("each language's two chunks (lib/i18n, parts.ts)", () => {
  const chunks = import.meta.glob<{ default: Record<string, Catalogue> }>('./catalogue-*.ts', { eager: true });
  const namespaces = (file: string) => Object.keys(chunks[file]?.default ?? {}).sort();

  for (const locale of TRANSLATED) {
    it(`${locale}: the public chunk and the later one hold every namespace once, the later one those of parts.ts`, () => {
      const main = namespaces(`./catalogue-${locale}.ts`);
      const later = namespaces(`./catalogue-${locale}-later.ts`);
      expect(later).toEqual([...LATER_NAMESPACES].sort());
      expect(main.filter((ns) => later.includes(ns))).toEqual([]);
      expect([...main, ...later].sort()).toEqual(
        Object.keys(others)
          .filter((f) => f.startsWith(`./${locale}/`))
          .map((f) => path.basename(f, '.json'))
          .sort(),
      );
      expect(main).toContain('common');
    });
  }
});
