import path from 'node:path';
import { sourceTextBelow } from '@bm/core/catalogue-sources';
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
    const code = sourceTextBelow(path.resolve(import.meta.dirname, '..'), import.meta.dirname);
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
