import { compileCatalogue } from '@bm/core';
import { setupI18n, type Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';

describe('catalogues as Lingui messages', () => {
  const en = {
    c: { comments_one: '{count} comment', comments_other: '{count} comments' },
    hi: 'Hi {name}!',
    plain: 'Terms',
  };
  const fr = {
    c: {
      comments_one: '{count} commentaire',
      comments_many: '{count} de commentaires',
      comments_other: '{count} commentaires',
    },
    hi: 'Salut {name} !',
    plain: 'Conditions',
  };
  const i18n = setupI18n({
    locale: 'en',
    messages: {
      en: compileCatalogue('x', en) as unknown as Messages,
      fr: compileCatalogue('x', fr) as unknown as Messages,
    },
  });

  it('fills placeholders and picks plural forms by the language (CLDR)', () => {
    expect(i18n._('x:plain')).toBe('Terms');
    expect(i18n._('x:hi', { name: 'Ryan' })).toBe('Hi Ryan!');
    expect(i18n._('x:c.comments', { count: 1 })).toBe('1 comment');
    expect(i18n._('x:c.comments', { count: 0 })).toBe('0 comments');
    i18n.activate('fr');
    expect(i18n._('x:c.comments', { count: 0 })).toBe('0 commentaire');
    expect(i18n._('x:c.comments', { count: 2 })).toBe('2 commentaires');
    expect(i18n._('x:c.comments', { count: 1_000_000 })).toBe('1000000 de commentaires');
    expect(i18n._('x:hi', { name: 'Léa' })).toBe('Salut Léa !');
  });
});
