import { describe, expect, it } from 'vitest';
import { catalogueProblems, unusedCatalogueKeys } from './catalogue-checks.js';

describe('catalogue checks', () => {
  const en = { 'a.title': 'Hi {name}', 'a.count_one': '{count} plugin', 'a.count_other': '{count} plugins', b: 'Yes' };

  it('passes a complete catalogue with the plural forms its language needs', () => {
    const fr = {
      'a.title': 'Salut {name}',
      'a.count_one': '{count} plugin',
      'a.count_many': '{count} de plugins',
      'a.count_other': '{count} plugins',
      b: 'Oui',
    };
    expect(catalogueProblems('fr', en, fr)).toEqual([]);
  });

  it('names what is missing, a placeholder that differs, a stray key and an empty text', () => {
    const de = { 'a.title': 'Hallo {user}', 'a.count_one': '{count} Plugin', c: 'Extra', b: ' ' };
    expect(catalogueProblems('de', en, de)).toEqual([
      'a.title has {user} where English has {name}',
      'a.count_other is missing',
      'b is missing',
      'c is not an English key',
    ]);
  });

  it('finds English keys no code names', () => {
    expect(unusedCatalogueKeys(en, "t('a.title'); t(`a.count`, { count })")).toEqual(['b']);
  });
});
