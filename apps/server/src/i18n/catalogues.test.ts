import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogueProblems, flattenCatalogue, SUPPORTED_LOCALES, unusedCatalogueKeys } from '@bm/core';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, serverT } from './index.js';

/**
 * The server's catalogues are complete and clean (issue 30), as the web's are: each language has
 * every English key, with the plural forms its language needs and the same placeholders; no
 * catalogue holds a key English lacks, and every English key is used by some server code.
 */
const english = flattenCatalogue(CATALOGUES.en);

describe('server catalogues', () => {
  for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
    it(`${locale}: every key, plural form and placeholder of English, and nothing else`, () => {
      expect(catalogueProblems(locale, english, flattenCatalogue(CATALOGUES[locale]))).toEqual([]);
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
    const unused = unusedCatalogueKeys(english, code);
    expect(unused).toEqual([]);
  });

  it('writes in the language asked for, with placeholders, and English for anything else', () => {
    expect(serverT('es')('mail.reset.subject')).toBe('Restablece tu contraseña');
    expect(serverT('fr')('mail.hi', { username: 'Octane' })).toBe('Bonjour Octane,');
    expect(serverT(null)('mail.hi', { username: 'Octane' })).toBe('Hi Octane,');
    expect(serverT('xx').locale).toBe('en');
  });
});
