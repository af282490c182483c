import type { CollectionSummary } from '@bm/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCar, makePlugin } from '../../test/fixtures';
import { bodyOf, json, mockFetch, renderPage, signInAs, signOut, testMember } from '../../test/utils';
import { CarCard } from '../cars';
import { PluginCard } from '../plugins';
import { COLLECTIONS_EN } from './collections-text';

const summary = (over: Partial<CollectionSummary> = {}): CollectionSummary => ({
  id: 31,
  name: 'Freestyle kit',
  description: '',
  visibility: 'public',
  itemCount: 2,
  followerCount: 0,
  isFollowing: false,
  owner: { id: testMember.id, displayName: testMember.username, avatarUrl: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  containsItem: false,
  ...over,
});

/** The member's collections (asked with the item) and adding to one. */
function serve() {
  return mockFetch((url, init) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === `/api/members/${testMember.username}/collections`) return json(200, { items: [summary()] });
    if (u.pathname === '/api/collections/31/items' && init.method === 'POST')
      return json(201, { ...summary({ itemCount: 3 }), descriptionHtml: '', isOwner: true, items: [] });
    return json(404, { message: 'Not found' });
  });
}

const plugin = makePlugin({ id: 5, name: 'Aerial Trainer', publishedOnce: true });

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

describe("'Add to collection' on cards", () => {
  it('is not on the cards of a visitor', () => {
    serve();
    renderPage(
      <>
        <PluginCard plugin={plugin} />
        <CarCard car={makeCar({ id: 9, name: 'Blue Octane' })} />
      </>,
    );
    expect(screen.getAllByTestId('plugin-card')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /to a collection/ })).toBeNull();
  });

  it("a member reaches a plugin card's button by keyboard, adds the plugin, and is back on the button", async () => {
    signInAs();
    const fetch = serve();
    const user = userEvent.setup();
    renderPage(<PluginCard plugin={plugin} variant="list" />);

    // Tab order: the card's link, its author, then the button.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Aerial Trainer' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'octane' })).toHaveFocus();
    await user.tab();
    const button = screen.getByRole('button', { name: COLLECTIONS_EN.add.title.replace('{name}', 'Aerial Trainer') });
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');

    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', {
      name: COLLECTIONS_EN.add.title.replace('{name}', 'Aerial Trainer'),
    });
    const box = await within(dialog).findByRole('checkbox', { name: /Freestyle kit/ });
    expect(fetch.mock.calls.map(([u]) => String(u))).toContain(
      `/api/members/${testMember.username}/collections?kind=plugin&itemId=5`,
    );
    box.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(box).toBeChecked());
    const post = fetch.mock.calls.find(
      ([u, init]) => String(u) === '/api/collections/31/items' && init?.method === 'POST',
    );
    expect(bodyOf(post![1]!)).toEqual({ kind: 'plugin', id: 5 });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
  });

  it("a member adds a car from the car's card", async () => {
    signInAs();
    const fetch = serve();
    const user = userEvent.setup();
    renderPage(<CarCard car={makeCar({ id: 9, name: 'Blue Octane' })} />);
    await user.click(screen.getByRole('button', { name: COLLECTIONS_EN.add.title.replace('{name}', 'Blue Octane') }));
    const dialog = await screen.findByRole('dialog', {
      name: COLLECTIONS_EN.add.title.replace('{name}', 'Blue Octane'),
    });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Freestyle kit/ }));
    await waitFor(() => expect(fetch.mock.calls.map(([u]) => String(u))).toContain('/api/collections/31/items'));
    const post = fetch.mock.calls.find(([u]) => String(u) === '/api/collections/31/items');
    expect(bodyOf(post![1]!)).toEqual({ kind: 'car', id: 9 });
    expect(fetch.mock.calls.map(([u]) => String(u))).toContain(
      `/api/members/${testMember.username}/collections?kind=car&itemId=9`,
    );
  });
});
