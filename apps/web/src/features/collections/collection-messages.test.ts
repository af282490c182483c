import { COLLECTION_MESSAGES } from '@bm/core';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { useCollectionMessage } from './collection-messages';

describe('core collection messages in the reader language', () => {
  const shown = Object.values(COLLECTION_MESSAGES).filter(
    (m) => !/^(Note|Kind|Id|Sort|Page|You cannot follow)/.test(m),
  );

  it('reads each one in English exactly as core writes it (the catalogue fills the limits back in)', () => {
    const say = renderHook(() => useCollectionMessage()).result.current;
    for (const message of shown) expect(say(message)).toBe(message);
    expect(say('Something else')).toBe('Something else');
  });

  it('translates each one, limits included', async () => {
    await changeLocale('fr');
    const say = renderHook(() => useCollectionMessage()).result.current;
    for (const message of shown) expect(say(message)).not.toBe(message);
    expect(say(COLLECTION_MESSAGES.nameShort)).toBe('Le nom doit contenir au moins 3 caractères');
  });
});
