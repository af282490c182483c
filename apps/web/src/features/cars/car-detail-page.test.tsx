import type { CarDetail } from '@bm/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAR_RATING_TEXT } from '../../components/star-rating';
import { formatDateTime, relativeTime } from '../../lib/format';
import {
  bodyOf,
  expectMenuCloses,
  json,
  LocationProbe,
  mockFetch,
  renderRoutes,
  signInAs,
  signOut,
  testMember,
} from '../../test/utils';
import { CarDetailPage } from './car-detail-page';
import T from '../../locales/en/cars';
import { makeDetail } from './test-fixtures';
import { VIEW_MARK_PREFIX } from './use-car-counters';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A fake server for one car: answers the detail, counters, rating and owner calls, and records them. */
function serveCar(car: CarDetail, overrides: Partial<Record<string, (init: RequestInit) => Response>> = {}) {
  const calls: Call[] = [];
  const fetch = mockFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname.replace(`/api/cars/${car.id}`, '');
    const method = init.method ?? 'GET';
    calls.push({ method, path, body: init.body ? bodyOf(init) : undefined });
    const key = `${method} ${path}`;
    const custom = overrides[key];
    if (custom) return custom(init);
    switch (key) {
      case 'GET ':
        return json(200, car);
      case 'POST /view':
        return json(200, { views: car.views + 1, counted: true });
      case 'POST /copy':
        return json(200, { codeCopies: car.codeCopies + 1, counted: true });
      case 'GET /rating':
        return json(200, { myStars: null, averageRating: car.averageRating, ratingCount: car.ratingCount });
      case 'POST /rate':
        return json(200, {
          myStars: (bodyOf(init) as { stars: number }).stars,
          averageRating: 4.5,
          ratingCount: car.ratingCount + 1,
        });
      case 'POST /pin':
        return json(200, { isPinned: (bodyOf(init) as { isPinned: boolean }).isPinned });
      case 'DELETE ':
        return json(204);
      default:
        return json(404, { message: 'Not found' });
    }
  });
  const count = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).length;
  return { fetch, calls, count };
}

function openCar(id: number | string = 5) {
  return renderRoutes(
    [
      { path: '/cars/:id', element: <CarDetailPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { path: `/cars/${id}` },
  );
}

const owned = () =>
  makeDetail({
    id: 5,
    name: 'My Octane',
    member: { id: testMember.id, displayName: testMember.username, avatarUrl: null },
  });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  signOut();
});

describe('car detail: content and states', () => {
  it('says it is loading, then shows the car, its creator, dates, counts, code and information', async () => {
    const car = makeDetail({
      id: 5,
      name: 'Neon Octane',
      description: '## Build\n\nA **fast** car<script>alert(1)</script>',
      // As the server's renderer writes it: the typed script is text.
      descriptionHtml: '<h2>Build</h2>\n<p>A <strong>fast</strong> car&lt;script&gt;alert(1)&lt;/script&gt;</p>\n',
      views: 1,
      codeCopies: 2,
      averageRating: 4.25,
      ratingCount: 4,
      updatedAt: '2026-03-02T10:00:00.000Z',
    });
    serveCar(car);
    openCar();
    expect(screen.getByRole('status')).toHaveTextContent(T.detail.loading);
    expect(await screen.findByRole('heading', { level: 1, name: 'Neon Octane' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Neon Octane/);
    expect(screen.getAllByRole('link', { name: 'RocketRyan' })[0]).toHaveAttribute('href', '/members/RocketRyan');
    // The date is relative, with the exact moment on hover and as the machine value.
    const stamp = screen.getByText(/^Updated$/).querySelector('time')!;
    expect(stamp).toHaveAttribute('dateTime', '2026-03-02T10:00:00.000Z');
    expect(stamp).toHaveAttribute('title', formatDateTime('2026-03-02T10:00:00.000Z'));
    expect(stamp).toHaveTextContent(relativeTime('2026-03-02T10:00:00.000Z'));
    // The view is counted on open, and the new total shows.
    expect(await screen.findByText('views')).toBeInTheDocument();
    expect(screen.getByText('copies')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: T.detail.codeHeading })).toBeInTheDocument();
    expect(screen.getByText(T.detail.codeIntro)).toBeInTheDocument();
    expect(screen.getByTestId('car-code')).toHaveTextContent(car.code);
    // The server's HTML: the heading renders, the typed script shows as text.
    expect(screen.getByRole('heading', { name: 'Build' })).toBeInTheDocument();
    expect(document.querySelector('.markdown script')).toBeNull();
    expect(document.querySelector('.markdown')).toHaveTextContent('A fast car<script>alert(1)</script>');
    // Decoded loadout: one section, blue is orange.
    expect(screen.getByRole('region', { name: T.loadout.bothTeams })).toHaveTextContent('Octane');

    const info = within(screen.getByRole('complementary', { name: T.info.title }));
    expect(info.getByText(T.info.creator)).toBeInTheDocument();
    expect(info.getByText(T.info.lastUpdated)).toBeInTheDocument();
    expect(info.getByTestId('global-rating')).toHaveTextContent('4.3/5 (4 ratings)');
    expect(info.getByText(T.info.ratingNote)).toBeInTheDocument();
  });

  it('never-updated cars say Created; one view and one copy are singular', async () => {
    serveCar(makeDetail({ id: 5, views: 0, codeCopies: 1 }), {
      'POST /view': () => json(200, { views: 1, counted: true }),
    });
    openCar();
    expect((await screen.findByText(/^Created$/, { selector: 'span' })).querySelector('time')).not.toBeNull();
    expect(await screen.findByText('view')).toBeInTheDocument();
    expect(screen.getByText('copy')).toBeInTheDocument();
  });

  it('an unknown car shows a not-found page, not a load failure', async () => {
    serveCar(makeDetail({ id: 5 }), { 'GET ': () => json(404, { message: 'Car not found' }) });
    openCar();
    expect(await screen.findByRole('heading', { level: 1, name: T.detail.notFoundTitle })).toBeInTheDocument();
    expect(screen.queryByText(T.detail.error)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.detail.browseCars })).toHaveAttribute('href', '/cars');
  });

  it('a failed load says so, with Retry and Go Back', async () => {
    let fail = true;
    serveCar(makeDetail({ id: 5 }), {
      'GET ': () => (fail ? json(500, { message: 'boom' }) : json(200, makeDetail({ id: 5 }))),
    });
    const user = userEvent.setup();
    openCar();
    expect(await screen.findByRole('alert')).toHaveTextContent(T.detail.error);
    fail = false;
    await user.click(screen.getByRole('button', { name: T.detail.retry }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('a banner that fails to load is hidden', async () => {
    serveCar(makeDetail({ id: 5, bannerUrl: '/files/cars/missing.webp' }));
    openCar();
    await screen.findByRole('heading', { level: 1 });
    const img = document.querySelector('img[src="/files/cars/missing.webp"]')!;
    expect(img).not.toBeNull();
    fireEvent.error(img);
    expect(document.querySelector('img[src="/files/cars/missing.webp"]')).toBeNull();
  });
});

describe('car detail: view counting', () => {
  it('counts a view once per 24 hours per car', async () => {
    const first = serveCar(makeDetail({ id: 5 }));
    const a = openCar();
    await waitFor(() => expect(first.count('POST', '/view')).toBe(1));
    a.unmount();

    const second = serveCar(makeDetail({ id: 5 }));
    const b = openCar();
    await screen.findByRole('heading', { level: 1 });
    await new Promise((r) => setTimeout(r, 30));
    expect(second.count('POST', '/view')).toBe(0);
    b.unmount();

    // A day later it counts again.
    window.localStorage.setItem(`${VIEW_MARK_PREFIX}5`, String(Date.now() - 24 * 3600 * 1000 - 1));
    const third = serveCar(makeDetail({ id: 5 }));
    openCar();
    await waitFor(() => expect(third.count('POST', '/view')).toBe(1));
  });

  it('counts anyway when local storage cannot be read', async () => {
    window.localStorage.setItem(`${VIEW_MARK_PREFIX}5`, String(Date.now()));
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    const server = serveCar(makeDetail({ id: 5 }));
    openCar();
    await waitFor(() => expect(server.count('POST', '/view')).toBe(1));
  });
});

describe('car detail: copying the code', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it("copies to the clipboard, says 'Copied!' for 2 s, and counts at most once per 60 s", async () => {
    const car = makeDetail({ id: 5, codeCopies: 2 });
    const server = serveCar(car);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    openCar();
    await screen.findByRole('heading', { level: 1 });

    await user.click(screen.getByRole('button', { name: T.detail.copyCarCode }));
    expect(await navigator.clipboard.readText()).toBe(car.code);
    // Both the button and the code box's link say so.
    expect(screen.getAllByRole('button', { name: T.detail.copied })).toHaveLength(2);
    expect(screen.getAllByText(T.detail.copied)).toHaveLength(2);
    expect(screen.getByText(T.detail.copiedAnnouncement)).toBeInTheDocument();
    await waitFor(() => expect(server.count('POST', '/copy')).toBe(1));
    await waitFor(() => expect(screen.getByText('copies')).toHaveTextContent('3 copies'));

    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getAllByText(T.detail.copied)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.queryByText(T.detail.copied)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.detail.copyToClipboard })).toBeInTheDocument();

    // Within 60 s: copied again, not counted again.
    await user.click(screen.getByRole('button', { name: T.detail.copyToClipboard }));
    expect(await screen.findAllByText(T.detail.copied)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(server.count('POST', '/copy')).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await user.click(screen.getByRole('button', { name: T.detail.copyCarCode }));
    await waitFor(() => expect(server.count('POST', '/copy')).toBe(2));
  });

  it('selecting at least 60% of the code by hand counts as a copy', async () => {
    const car = makeDetail({ id: 5 });
    const server = serveCar(car);
    openCar();
    await screen.findByRole('heading', { level: 1 });
    const text = screen.getByTestId('car-code').firstChild!;
    const select = (from: number, to: number) => {
      const range = document.createRange();
      range.setStart(text, from);
      range.setEnd(text, to);
      const sel = document.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
      act(() => {
        document.dispatchEvent(new Event('selectionchange'));
      });
    };
    const len = car.code.length;
    select(0, Math.floor(len * 0.5));
    expect(screen.queryByText(T.detail.copied)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(server.count('POST', '/copy')).toBe(0);

    select(0, Math.ceil(len * 0.6));
    expect(screen.getAllByText(T.detail.copied)).toHaveLength(2);
    await waitFor(() => expect(server.count('POST', '/copy')).toBe(1));
    // Widening the same selection is not another copy.
    select(0, len);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(server.count('POST', '/copy')).toBe(1);
  });

  it('a failed copy count is only logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    serveCar(makeDetail({ id: 5 }), { 'POST /copy': () => json(500, { message: 'boom' }) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    openCar();
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: T.detail.copyCarCode }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });
});

describe('car detail: rating', () => {
  it('an anonymous visitor who rates gets the Rate and Share Cars modal, nothing is sent', async () => {
    const server = serveCar(makeDetail({ id: 5 }));
    const user = userEvent.setup();
    openCar();
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: STAR_RATING_TEXT.rate(4) }));
    const dialog = within(screen.getByRole('dialog', { name: T.join.title }));
    for (const b of [T.join.benefitRate, T.join.benefitUpload, T.join.benefitConnect])
      expect(dialog.getByText(b)).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register');
    expect(dialog.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/cars/5')}`,
    );
    expect(server.count('POST', '/rate')).toBe(0);
    expect(server.count('GET', '/rating')).toBe(0);
  });

  it("a member's own rating loads on open; rating updates the average and count", async () => {
    signInAs();
    const car = makeDetail({ id: 5, averageRating: 3, ratingCount: 2 });
    const server = serveCar(car, { 'GET /rating': () => json(200, { myStars: 2, averageRating: 3, ratingCount: 2 }) });
    const user = userEvent.setup();
    openCar();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: STAR_RATING_TEXT.rate(2) })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(server.count('GET', '/rating')).toBe(1);

    await user.click(screen.getByRole('button', { name: STAR_RATING_TEXT.rate(5) }));
    await waitFor(() => expect(screen.getByTestId('global-rating')).toHaveTextContent('4.5/5 (3 ratings)'));
    expect(server.calls.find((c) => c.method === 'POST' && c.path === '/rate')?.body).toEqual({ stars: 5 });
    expect(screen.getByRole('button', { name: STAR_RATING_TEXT.rate(5) })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a failed rating is only logged', async () => {
    signInAs();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    serveCar(makeDetail({ id: 5, averageRating: 3, ratingCount: 2 }), {
      'POST /rate': () => json(500, { message: 'boom' }),
    });
    const user = userEvent.setup();
    openCar();
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: STAR_RATING_TEXT.rate(1) }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.getByTestId('global-rating')).toHaveTextContent('3.0/5 (2 ratings)');
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });
});

describe('car detail: owner actions', () => {
  beforeEach(() => signInAs());

  it('only the owner gets the menu; it closes on Escape and on a click outside', async () => {
    serveCar(owned());
    const user = userEvent.setup();
    openCar();
    await screen.findByRole('heading', { level: 1 });
    const button = screen.getByRole('button', { name: T.owner.actions });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = within(screen.getByRole('menu', { name: T.owner.actions }));
    expect(menu.getByRole('menuitem', { name: T.owner.edit })).toHaveAttribute('href', '/cars/5/edit');
    expect(menu.getByRole('menuitem', { name: T.owner.pin })).toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: T.owner.delete })).toBeInTheDocument();
    await expectMenuCloses(user, button);
  });

  it("others' cars have no menu", async () => {
    serveCar(makeDetail({ id: 5 }));
    openCar();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: T.owner.actions })).not.toBeInTheDocument();
  });

  it("pinning shows at once, and a failure reverts it with 'Failed to set pin'", async () => {
    const server = serveCar(owned(), { 'POST /pin': () => json(500, { message: 'boom' }) });
    const user = userEvent.setup();
    openCar();
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: T.owner.actions }));
    await user.click(screen.getByRole('menuitem', { name: T.owner.pin }));
    expect(await screen.findByText(T.owner.pinFailed)).toBeInTheDocument();
    expect(server.calls.find((c) => c.path === '/pin')?.body).toEqual({ isPinned: true });
    await user.click(screen.getByRole('button', { name: T.owner.actions }));
    expect(screen.getByRole('menuitem', { name: T.owner.pin })).toBeInTheDocument();
  });

  it('delete asks first, then removes the car and goes to /cars', async () => {
    const server = serveCar(owned());
    const user = userEvent.setup();
    openCar();
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: T.owner.actions }));
    await user.click(screen.getByRole('menuitem', { name: T.owner.delete }));
    const ask = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete "My Octane"?' });
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: T.owner.actions })).toHaveFocus();
    expect(server.count('DELETE', '')).toBe(0);

    await user.click(screen.getByRole('button', { name: T.owner.actions }));
    await user.click(screen.getByRole('menuitem', { name: T.owner.delete }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: T.owner.delete }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/cars');
    expect(server.count('DELETE', '')).toBe(1);
  });
});
