import type { CollectionDetail, CollectionItem } from '@bm/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { makePlugin } from '../../test/fixtures';
import { renderPage } from '../../test/utils';
import { CollectionItems } from './collection-items';
import { COLLECTIONS_EN } from './collections-text';

const item = (over: Partial<CollectionItem>): CollectionItem => ({
  kind: 'plugin',
  id: 5,
  note: null,
  addedAt: '2026-01-01T00:00:00.000Z',
  available: true,
  plugin: null,
  car: null,
  ...over,
});

const detail = (items: CollectionItem[]): CollectionDetail => ({
  id: 31,
  name: 'Freestyle kit',
  description: '',
  descriptionHtml: '',
  visibility: 'public',
  itemCount: items.length,
  followerCount: 0,
  isFollowing: false,
  isOwner: true,
  owner: { id: 7, displayName: 'octane', avatarUrl: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  items,
});

describe('collection items shown to their owner', () => {
  it('marks an item the public can no longer see, with its card when the owner still may see it, and without', () => {
    const own = makePlugin({ id: 5, name: 'My Private Plugin', publishedOnce: true, versionString: '1.0.0' });
    renderPage(
      <CollectionItems
        detail={detail([
          item({ id: 5, available: false, plugin: own }),
          item({ id: 6, available: false }),
          item({ id: 7, available: true, plugin: makePlugin({ id: 7, name: 'Public Plugin' }) }),
        ])}
        actions={{ onInstall: vi.fn(), onReorder: vi.fn(), onRemove: vi.fn() }}
      />,
    );
    const rows = screen.getAllByTestId('collection-item');
    expect(within(rows[0]!).getByRole('link', { name: 'My Private Plugin' })).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('item-unavailable')).toHaveTextContent(COLLECTIONS_EN.items.unavailablePlugin);
    expect(within(rows[1]!).queryByTestId('plugin-card')).toBeNull();
    expect(within(rows[1]!).getByTestId('item-unavailable')).toHaveTextContent(COLLECTIONS_EN.items.unavailablePlugin);
    expect(within(rows[2]!).queryByTestId('item-unavailable')).toBeNull();
  });
});

describe('collection items in another language (issue 30)', () => {
  it('speaks German: the list, the move and remove buttons, a gone item and the reorder hint', async () => {
    await changeLocale('de');
    renderPage(
      <CollectionItems
        detail={detail([
          item({ id: 6, available: false }),
          item({ id: 7, available: true, plugin: makePlugin({ id: 7, name: 'Public Plugin' }) }),
        ])}
        actions={{ onInstall: vi.fn(), onReorder: vi.fn(), onRemove: vi.fn() }}
      />,
    );
    const list = screen.getByRole('list', { name: 'Einträge dieser Sammlung' });
    const rows = within(list).getAllByTestId('collection-item');
    expect(rows[0]).toHaveAccessibleName('Plugin Nr. 6, 1 von 2');
    expect(within(rows[0]!).getByTestId('item-unavailable')).toHaveTextContent(
      'Dieses Plugin ist nicht mehr verfügbar',
    );
    expect(within(rows[1]!).getByRole('button', { name: 'Nach oben: Public Plugin' })).toBeEnabled();
    expect(
      within(rows[1]!).getByRole('button', { name: 'Public Plugin aus der Sammlung entfernen' }),
    ).toHaveTextContent('Entfernen');
    expect(screen.getByText(/Zum Umsortieren Einträge ziehen/)).toBeInTheDocument();
  });
});
