import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SUPPORTED_LOCALES } from '@bm/core';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, serverT } from './index.js';

/**
 * The server's catalogues are complete and clean (issue 30), as the web's are: each language has
 * every English key, with the plural forms its language needs and the same placeholders; no
 * catalogue holds a key English lacks, and every English key is used by some server code.
 */
type Texts = Record<string, string>;

function flatten(value: unknown, prefix = '', out: Texts = {}): Texts {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else throw new Error(`${prefix}: a catalogue holds only texts, found ${typeof value}`);
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL, '');
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
function groups(texts: Texts): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const key of Object.keys(texts)) map.set(baseKey(key), [...(map.get(baseKey(key)) ?? []), key]);
  return map;
}

const english = flatten(CATALOGUES.en);

describe('server catalogues', () => {
  for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
    it(`${locale}: every key, plural form and placeholder of English, and nothing else`, () => {
      const texts = flatten(CATALOGUES[locale]);
      const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const problems: string[] = [];
      const enGroups = groups(english);
      for (const [base, forms] of enGroups) {
        const isPlural = forms.some((k) => PLURAL.test(k));
        const expected = isPlural ? needed.map((c) => `${base}_${c}`) : [base];
        const allowed = new Set(placeholders(forms.map((k) => english[k]).join(' ')));
        for (const key of expected) {
          const text = texts[key];
          if (text === undefined || text.trim() === '') {
            problems.push(`${locale}: ${key} is missing`);
            continue;
          }
          const got = placeholders(text);
          if (isPlural) {
            const stray = got.filter((p) => !allowed.has(p));
            if (stray.length) problems.push(`${locale}: ${key} has placeholders ${stray} not in English`);
          } else if (got.join() !== placeholders(english[base]!).join()) {
            problems.push(`${locale}: ${key} has {${got}} where English has {${placeholders(english[base]!)}}`);
          }
        }
      }
      for (const key of Object.keys(texts)) {
        const forms = enGroups.get(baseKey(key));
        const pluralOk = forms?.some((k) => PLURAL.test(k)) && PLURAL.test(key);
        if (!forms || (!forms.includes(key) && !pluralOk)) problems.push(`${locale}: ${key} is not an English key`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('has no key that no server code uses', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) {
          if (full !== import.meta.dirname) walk(full);
        } else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name)) sources.push(readFileSync(full, 'utf8'));
      }
    };
    walk(src);
    const code = sources.join('\n');
    const unused = [...groups(english).keys()].filter(
      (base) => !code.includes(`'${base}'`) && !code.includes(`"${base}"`) && !code.includes(`\`${base}\``),
    );
    expect(unused).toEqual([]);
  });

  it('writes in the language asked for, with placeholders, and English for anything else', () => {
    expect(serverT('es')('mail.reset.subject')).toBe('Restablece tu contraseña');
    expect(serverT('fr')('mail.hi', { username: 'Octane' })).toBe('Bonjour Octane,');
    expect(serverT(null)('mail.hi', { username: 'Octane' })).toBe('Hi Octane,');
    expect(serverT('xx').locale).toBe('en');
  });
});
