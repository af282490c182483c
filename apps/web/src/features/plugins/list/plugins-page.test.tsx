import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from '../../../lib/config';
import { changeLocale } from '../../../lib/i18n';
import { deferred, json, mockFetch, renderRoutes } from '../../../test/utils';
import PLUGINS_EN from '../../../locales/en/plugins';
import { PLUGINS_VIEW_KEY } from '../constants';
import { PluginCard } from '../plugin-card';
import { makePlugin, makePluginPage } from './test-fixtures';
import { PluginsPage } from './plugins-page';

const T = PLUGINS_EN.list;

type Handler = (query: URLSearchParams) => Response | Promise<Response>;

const TAGS = [
  { id: 1, shortName: 'hud', longName: 'HUD & Overlays', helpText: '' },
  { id: 2, shortName: 'training', longName: 'Training', helpText: '' },
];

function serve(handler: Handler) {
  return mockFetch((url) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/tags') return json(200, TAGS);
    if (u.pathname === '/api/plugins') return handler(u.searchParams);
    return json(404, { message: 'Not found' });
  });
}

function listCalls(fetch: ReturnType<typeof serve>): URLSearchParams[] {
  return fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/plugins')
    .map((u) => u.searchParams);
}

function open(path = '/plugins') {
  const utils = renderRoutes([{ path: '/plugins', element: <PluginsPage /> }], {
    path,
    config: { ...DEFAULT_CONFIG, ads: 'placeholder' },
  });
  const where = () => {
    const { pathname, search } = utils.router.state.location;
    return new URL(`${pathname}${search}`, 'http://localhost').searchParams;
  };
  return { ...utils, where };
}

const searchBox = () => screen.getByRole('searchbox', { name: T.searchLabel });

afterEach(async () => {
  await changeLocale('en');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('plugins list', () => {
  it('mirrors the query string into the request and searches 300 ms after the last key', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const flush = () => act(() => vi.advanceTimersByTimeAsync(10));
    const fetch = serve(() => json(200, makePluginPage([makePlugin()], 40)));
    const { where } = open('/plugins?page=2&sortBy=name&sortDir=asc&source=with');
    await flush();
    const first = listCalls(fetch)[0]!;
    expect(first.get('page')).toBe('2');
    expect(first.get('sortBy')).toBe('name');
    expect(first.get('hasSource')).toBe('with');
    expect(first.get('pageSize')).toBe('16');

    fireEvent.change(searchBox(), { target: { value: ' boost ' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(where().get('search')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    await flush();
    expect(where().get('search')).toBe('boost');
    expect(where().get('page')).toBeNull();
    expect(listCalls(fetch).at(-1)?.get('search')).toBe('boost');

    fireEvent.change(searchBox(), { target: { value: 'camera' } });
    fireEvent.submit(searchBox().closest('form')!);
    expect(where().get('search')).toBe('camera');
  });

  it('goes from a page past the end to the last page there is, replacing the entry', async () => {
    const fetch = serve((q) => json(200, { ...makePluginPage([makePlugin()], 40), page: Number(q.get('page') ?? 1) }));
    const { where, router } = open('/plugins?page=9&search=boost');
    await waitFor(() => expect(where().get('page')).toBe('3'));
    expect(where().get('search')).toBe('boost');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(listCalls(fetch).map((q) => q.get('page'))).toEqual(['9', '3']));
  });

  it('ignores a slower, older answer', async () => {
    const slow = deferred<Response>();
    const fetch = serve((q) => {
      if (q.get('search') === 'slow') return slow.promise;
      if (q.get('search') === 'fast') return json(200, makePluginPage([makePlugin({ id: 2, name: 'Fast Plugin' })]));
      return json(200, makePluginPage([makePlugin({ id: 1, name: 'First Plugin' })]));
    });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('First Plugin', undefined, { timeout: 5000 })).toBeInTheDocument();
    await user.type(searchBox(), 'slow{Enter}');
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('search=slow'))).toBe(true));
    await user.clear(searchBox());
    await user.type(searchBox(), 'fast{Enter}');
    expect(await screen.findByText('Fast Plugin', undefined, { timeout: 5000 })).toBeInTheDocument();
    await act(async () => {
      slow.resolve(json(200, makePluginPage([makePlugin({ id: 3, name: 'Slow Plugin' })])));
      await slow.promise;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Slow Plugin')).not.toBeInTheDocument();
    expect(screen.getByTestId('plugins-counter')).toHaveTextContent('Found 1 plugin for "fast"');
  });

  it('says "1,000+" for a search that found more than it ranks, and pages through those', async () => {
    serve(() => json(200, { ...makePluginPage([makePlugin()], 1000), totalCapped: true }));
    open('/plugins?search=boost');
    await waitFor(() =>
      expect(screen.getByTestId('plugins-counter')).toHaveTextContent('Found 1,000+ plugins for "boost"'),
    );
    expect(screen.getByTestId('plugins-counter')).toHaveTextContent('Page 1 of 63 (1-1 of 1,000+)');
  });

  it('filters by tags (all of them, as repeated params) and by source', async () => {
    const fetch = serve(() => json(200, makePluginPage([makePlugin()])));
    const user = userEvent.setup();
    const { where } = open('/plugins?page=3');
    await screen.findByText('Plugin 1');
    await user.click(screen.getByRole('button', { name: T.filters }));
    await user.click(await screen.findByLabelText(/^HUD & Overlays/));
    await user.click(screen.getByLabelText(/^Training/));
    expect(where().getAll('tags')).toEqual(['hud', 'training']);
    expect(where().get('page')).toBeNull();
    await waitFor(() => expect(listCalls(fetch).at(-1)?.getAll('tags')).toEqual(['hud', 'training']));
    await user.click(screen.getByLabelText(T.sourceOptions.without));
    await waitFor(() => expect(listCalls(fetch).at(-1)?.get('hasSource')).toBe('without'));
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText(/^Training/)).not.toBeInTheDocument();
  });

  it('shows beside each tag how many plugins of the current search carry it', async () => {
    serve((q) =>
      json(200, {
        ...makePluginPage([makePlugin()], 40),
        tagCounts:
          q.get('search') === 'boost'
            ? [{ tagId: 2, count: 7 }]
            : [
                { tagId: 1, count: 31 },
                { tagId: 2, count: 9 },
              ],
      }),
    );
    const user = userEvent.setup();
    open('/plugins?search=boost');
    await screen.findByText('Plugin 1');
    await user.click(screen.getByRole('button', { name: T.filters }));
    expect(await screen.findByLabelText('Training 7')).toBeInTheDocument();
    expect(screen.getByLabelText('HUD & Overlays 0')).toBeInTheDocument();
  });

  it('shows no counts on a list without search', async () => {
    serve(() => json(200, makePluginPage([makePlugin()])));
    const user = userEvent.setup();
    open('/plugins');
    await screen.findByText('Plugin 1');
    await user.click(screen.getByRole('button', { name: T.filters }));
    expect(await screen.findByLabelText('Training')).toBeInTheDocument();
  });

  it('sort menu works by keyboard and closes on Escape', async () => {
    serve(() => json(200, makePluginPage([makePlugin()])));
    const user = userEvent.setup();
    const { where } = open();
    await screen.findByText('Plugin 1');
    await user.click(screen.getByRole('button', { name: /^Sort:/ }));
    expect(screen.getByRole('menu', { name: T.sortMenu })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Sort:/ }));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(where().get('sortBy')).toBe('name');
    expect(where().get('sortDir')).toBe('desc');
  });

  it('remembers the view, shows ad cards, the error state with Try Again', async () => {
    let fail = true;
    serve(() =>
      fail
        ? json(500, { message: 'boom' })
        : json(200, makePluginPage([1, 2, 3, 4].map((id) => makePlugin({ id, name: `P${id}` })))),
    );
    const user = userEvent.setup();
    open();
    expect(await screen.findByText(T.error)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: T.tryAgain }));
    expect(await screen.findByText('P4')).toBeInTheDocument();
    expect(screen.getAllByTestId('list-ad')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: T.list }));
    expect(localStorage.getItem(PLUGINS_VIEW_KEY)).toBe('list');
    expect(screen.getByRole('list', { name: T.results })).toHaveAttribute('data-view', 'list');
  });
});

describe('plugin card', () => {
  it.each(['grid', 'list'] as const)('links the name to the plugin and the author to their profile (%s)', (variant) => {
    renderRoutes([
      {
        path: '/',
        element: <PluginCard plugin={makePlugin({ id: 7, name: 'Linked', author: 'Boost Queen' })} variant={variant} />,
      },
    ]);
    const name = screen.getByRole('link', { name: 'Linked' });
    expect(name).toHaveAttribute('href', '/plugin/7');
    const author = screen.getByRole('link', { name: 'Boost Queen' });
    expect(author).toHaveAttribute('href', '/members/Boost%20Queen');
    expect(name.contains(author)).toBe(false);
  });

  it("loads the first card's banner at once (the page's largest image) and the others as they near the screen", async () => {
    const items = [1, 2, 3].map((id) =>
      makePlugin({ id, name: `p${id}`, bannerImageUrl: `/files/plugins/${id}/banner.webp` }),
    );
    serve(() => json(200, { ...makePluginPage(items), items }));
    open();
    await screen.findByText('p3');
    const images = [...document.querySelectorAll('img')];
    expect(images.map((i) => [i.getAttribute('loading'), i.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['lazy', null],
      ['lazy', null],
    ]);
  });

  it('shows the placeholder with the initial when the banner fails, and the numbers', () => {
    renderRoutes([
      {
        path: '/',
        element: <PluginCard plugin={makePlugin({ name: 'zeta', bannerImageUrl: '/broken.png' })} clickable={false} />,
      },
    ]);
    const img = document.querySelector('img')!;
    expect(screen.queryByTestId('plugin-placeholder')).not.toBeInTheDocument();
    fireEvent.error(img);
    expect(screen.getByTestId('plugin-placeholder')).toHaveTextContent('Z');
    expect(screen.getByText('4.3')).toBeInTheDocument();
    // Counts are compact per §9 with the exact grouped figure on hover.
    expect(screen.getByText('1,500').parentElement).toHaveAttribute('title', '1,500');
    expect(screen.getByText('23.0k').parentElement).toHaveAttribute('title', '23,000');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('plugins list in French', () => {
  it("shows the list, its menus and the cards in the reader's language", async () => {
    await changeLocale('fr');
    const user = userEvent.setup();
    serve(() => json(200, makePluginPage([makePlugin({ downloadCount: 1 })], 40)));
    open();
    expect(await screen.findByText('Plugin 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Plugins' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher des plugins' })).toBeInTheDocument();
    expect(screen.getByTestId('plugins-counter')).toHaveTextContent('40 plugins affichés');
    expect(screen.getByTestId('plugins-counter')).toHaveTextContent('Page 1 sur 3 (1-1 sur 40)');
    expect(screen.getByText('téléchargement')).toBeInTheDocument();
    expect(screen.getByText('vues')).toBeInTheDocument();
    expect(screen.getByLabelText('Noté 4,3 sur 5')).toHaveTextContent('4,3');
    await user.click(screen.getByRole('button', { name: /Trier/ }));
    expect(screen.getByRole('menuitemradio', { name: 'Date de sortie ↓' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filtres' }));
    expect(screen.getByLabelText('Sans code source')).toBeInTheDocument();
    expect(document.title).toBe('Plugins · BakkesMod Community');
  });
});
