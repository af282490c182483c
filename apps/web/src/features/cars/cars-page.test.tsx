import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AD_PLACEHOLDER_TEXT } from '../../components/ad-unit';
import { DEFAULT_CONFIG, type RuntimeConfig } from '../../lib/config';
import { PAGINATION_TEXT } from '../../components/pagination';
import { deferred, expectMenuCloses, json, mockFetch, renderRoutes } from '../../test/utils';
import { CarsPage, resultCounter } from './cars-page';
import T from '../../locales/en/cars';
import { makeCar, makePage } from './test-fixtures';
import { CARS_VIEW_KEY, readCarsParams } from './use-cars-params';

const REQUEST = readCarsParams(new URLSearchParams());

type Handler = (query: URLSearchParams) => Response | Promise<Response>;

/** GET /api/cars answered by `handler`, the body menu by a fixed list. */
function serve(handler: Handler) {
  return mockFetch((url) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/cars/bodies') return json(200, [{ productId: 23, name: 'Octane', count: 4 }]);
    if (u.pathname === '/api/cars') return handler(u.searchParams);
    return json(404, { message: 'Not found' });
  });
}

/** The list queries the fetch mock saw, as URLSearchParams. */
function listCalls(fetch: ReturnType<typeof serve>): URLSearchParams[] {
  return fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/cars')
    .map((u) => u.searchParams);
}

function open(path = '/cars', config: RuntimeConfig = { ...DEFAULT_CONFIG, ads: 'placeholder' }) {
  const utils = renderRoutes([{ path: '/cars', element: <CarsPage /> }], { path, config });
  const where = () => {
    const { pathname, search } = utils.router.state.location;
    return new URL(`${pathname}${search}`, 'http://localhost').searchParams;
  };
  return { ...utils, where };
}

const searchBox = () => screen.getByRole('searchbox', { name: T.list.searchLabel });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('cars list: address and search', () => {
  it('searches 300 ms after the last key, trimmed, back on page 1; submitting searches at once', async () => {
    // Only the clock is fake; typing goes through change events (user-event waits on real timers).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const flush = () => act(() => vi.advanceTimersByTimeAsync(10));
    const fetch = serve(() => json(200, makePage([makeCar()], 40)));
    const { where } = open('/cars?page=2&sortBy=name&sortDir=asc');
    await flush();
    expect(listCalls(fetch)[0]?.get('page')).toBe('2');
    expect(listCalls(fetch)[0]?.get('sortBy')).toBe('name');

    fireEvent.change(searchBox(), { target: { value: '  oct' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(searchBox(), { target: { value: '  octane ' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(where().get('search')).toBeNull();
    expect(listCalls(fetch).some((q) => q.get('search'))).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(1));
    await flush();
    expect(where().get('search')).toBe('octane');
    expect(where().get('page')).toBeNull();
    expect(where().get('sortBy')).toBe('name');
    expect(
      listCalls(fetch)
        .filter((q) => q.get('search'))
        .map((q) => q.get('search')),
    ).toEqual(['octane']);
    const last = listCalls(fetch).at(-1)!;
    expect(last.get('page')).toBe('1');
    expect(last.get('pageSize')).toBe('17');

    // Submitting (Enter) does not wait for the pause.
    fireEvent.change(searchBox(), { target: { value: 'dominus' } });
    fireEvent.submit(searchBox().closest('form')!);
    expect(where().get('search')).toBe('dominus');
    await flush();
    expect(listCalls(fetch).at(-1)?.get('search')).toBe('dominus');
    // The pending pause finds nothing left to do.
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(listCalls(fetch).filter((q) => q.get('search') === 'dominus')).toHaveLength(1);

    // Clear empties the box and the address at once.
    fireEvent.click(screen.getByRole('button', { name: T.list.clear }));
    expect(searchBox()).toHaveValue('');
    expect(where().get('search')).toBeNull();
  });

  it('Enter in the search box searches without waiting for the pause', async () => {
    serve(() => json(200, makePage([makeCar()])));
    const user = userEvent.setup();
    const { where } = open();
    await screen.findByText('Car 1');
    fireEvent.change(searchBox(), { target: { value: ' breakout ' } });
    searchBox().focus();
    await user.keyboard('{Enter}');
    expect(where().get('search')).toBe('breakout');
  });

  it('the box follows the address (a link with ?search)', async () => {
    serve(() => json(200, makePage([makeCar()])));
    open('/cars?search=merc');
    expect(searchBox()).toHaveValue('merc');
    expect(await screen.findByText('Found 1 car for "merc"')).toBeInTheDocument();
  });

  it('applies only the latest answer: an older, slower one never replaces it', async () => {
    const slow = deferred<Response>();
    const fetch = serve((q) => {
      if (q.get('search') === 'slow') return slow.promise;
      if (q.get('search') === 'fast') return json(200, makePage([makeCar({ id: 2, name: 'Fast Car' })]));
      return json(200, makePage([makeCar({ id: 1, name: 'First Car' })]));
    });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('First Car')).toBeInTheDocument();
    await user.type(searchBox(), 'slow{Enter}');
    await waitFor(() => expect(listCalls(fetch).some((q) => q.get('search') === 'slow')).toBe(true));
    await user.clear(searchBox());
    await user.type(searchBox(), 'fast{Enter}');
    expect(await screen.findByText('Fast Car')).toBeInTheDocument();

    await act(async () => {
      slow.resolve(json(200, makePage([makeCar({ id: 3, name: 'Slow Car' })])));
      await slow.promise;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Slow Car')).not.toBeInTheDocument();
    expect(screen.getByText('Fast Car')).toBeInTheDocument();
    expect(screen.getByTestId('cars-counter')).toHaveTextContent('Found 1 car for "fast"');
  });

  it('choosing a body filters with ?body and goes back to page 1', async () => {
    const fetch = serve(() => json(200, makePage([makeCar()], 40)));
    const user = userEvent.setup();
    const { where } = open('/cars?page=2');
    const select = await screen.findByLabelText(T.list.body);
    await screen.findByRole('option', { name: 'Octane (4)' });
    await user.selectOptions(select, '23');
    expect(where().get('body')).toBe('23');
    expect(where().get('page')).toBeNull();
    await waitFor(() => expect(listCalls(fetch).at(-1)?.get('body')).toBe('23'));
  });
});

describe('cars list: counter, pages, states', () => {
  it('says how many cars there are, and which page when there are several', async () => {
    const items = Array.from({ length: 17 }, (_, i) => makeCar({ id: i + 1, name: `Car ${i + 1}` }));
    const fetch = serve((q) => json(200, makePage(q.get('page') === '3' ? items.slice(0, 6) : items, 40, 3)));
    const user = userEvent.setup();
    const { where } = open();
    const status = await screen.findByTestId('cars-counter');
    await waitFor(() => expect(status).toHaveTextContent('Showing 40 cars'));
    expect(status).toHaveTextContent('Page 1 of 3 (1-17 of 40)');
    // Ad cards after the 3rd, 9th and 17th results.
    expect(screen.getAllByRole('note', { name: `${AD_PLACEHOLDER_TEXT} placeholder` })).toHaveLength(3);
    // The ad cards sit after the 3rd, 9th and 17th cards.
    const cells = Array.from(screen.getByRole('list', { name: T.list.results }).children);
    expect(
      cells.flatMap((li, i) =>
        li.getAttribute('data-testid') === 'list-ad'
          ? [i - cells.slice(0, i).filter((c) => c.getAttribute('data-testid') === 'list-ad').length]
          : [],
      ),
    ).toEqual([3, 9, 17]);

    await user.click(screen.getByRole('button', { name: PAGINATION_TEXT.page(3) }));
    expect(where().get('page')).toBe('3');
    await waitFor(() => expect(status).toHaveTextContent('Page 3 of 3 (35-40 of 40)'));
    expect(listCalls(fetch).at(-1)?.get('page')).toBe('3');
    expect(screen.getByRole('button', { name: PAGINATION_TEXT.page(3) })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: PAGINATION_TEXT.nextLabel })).toBeDisabled();
  });

  it('one page: no page line, no pagination', async () => {
    serve(() => json(200, makePage([makeCar()])));
    open('/cars?search=octane');
    expect(await screen.findByText('Found 1 car for "octane"')).toBeInTheDocument();
    expect(screen.getByTestId('cars-counter')).not.toHaveTextContent('Page');
    expect(screen.queryByRole('navigation', { name: PAGINATION_TEXT.nav })).not.toBeInTheDocument();
    const counted = (totalCount: number, search: string) =>
      resultCounter({ ...makePage([makeCar()], totalCount), totalPages: 1, request: { ...REQUEST, search } }).summary;
    expect(counted(5, 'octane')).toBe('Found 5 cars for "octane"');
    expect(counted(12, '')).toBe('Showing 12 cars');
  });

  it('empty with a search: No cars found, the hint, and a way back to all cars', async () => {
    serve((q) => json(200, q.get('search') ? makePage([]) : makePage([makeCar({ name: 'Any Car' })])));
    const user = userEvent.setup();
    const { where } = open('/cars?search=zzz');
    expect(await screen.findByRole('heading', { name: T.list.noResultsTitle })).toBeInTheDocument();
    expect(screen.getByText('No matches for "zzz". Try clearing search or browse all cars.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.list.browseAll }));
    expect(where().get('search')).toBeNull();
    expect(await screen.findByText('Any Car')).toBeInTheDocument();
  });

  it('empty without a search: No cars available', async () => {
    serve(() => json(200, makePage([])));
    open();
    expect(await screen.findByRole('heading', { name: T.list.emptyTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.list.uploadOne })).toHaveAttribute('href', '/cars/upload');
    expect(screen.getByText(T.list.empty)).toBeInTheDocument();
  });

  it('a failed load says so, and Try Again asks again', async () => {
    let fail = true;
    serve(() => (fail ? json(500, { message: 'boom' }) : json(200, makePage([makeCar({ name: 'Back Again' })]))));
    const user = userEvent.setup();
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.list.error);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: T.list.tryAgain }));
    expect(await screen.findByText('Back Again')).toBeInTheDocument();
    expect(screen.queryByText(T.list.error)).not.toBeInTheDocument();
  });

  it('cards link to the car and show body, counts with their labels, and the rating', async () => {
    serve(() =>
      json(
        200,
        makePage([
          makeCar({
            id: 9,
            name: 'Solo',
            views: 1,
            codeCopies: 12345,
            averageRating: 4.25,
            ratingCount: 4,
            bodyName: 'Dominus',
          }),
        ]),
      ),
    );
    open();
    const link = await screen.findByRole('link', { name: 'Solo' });
    expect(link).toHaveAttribute('href', '/cars/9');
    const box = link.closest<HTMLElement>('[data-testid="car-card"]')!;
    const card = within(box);
    expect(card.getByText('Dominus')).toBeInTheDocument();
    expect(box).toHaveTextContent('1 view');
    expect(box).not.toHaveTextContent('1 views');
    expect(box).toHaveTextContent('12.3k copies');
    // The creator links to their profile, beside (not inside) the card's link.
    const creator = card.getByRole('link', { name: makeCar().member.displayName });
    expect(creator).toHaveAttribute('href', `/members/${encodeURIComponent(makeCar().member.displayName)}`);
    expect(link.contains(creator)).toBe(false);
    expect(card.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    // No banner: the placeholder with the initial.
    expect(card.getByTestId('car-placeholder')).toHaveTextContent('S');
  });
});

describe('cars list: sort menu and view', () => {
  it('opens, closes on Escape (focus back) and on a click outside, and sorts back on page 1', async () => {
    const fetch = serve(() => json(200, makePage([makeCar()], 40)));
    const user = userEvent.setup();
    const { where } = open('/cars?page=2');
    await screen.findByText('Car 1');
    const button = screen.getByRole('button', { name: /Sort/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: T.list.sortMenu });
    // Six fields (the spec's four, then Top Rated and Trending), each ascending and descending; the current one is checked and focused.
    expect(within(menu).getAllByRole('menuitemradio')).toHaveLength(12);
    expect(within(menu).getByRole('menuitemradio', { name: 'Views descending' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(menu).getByRole('menuitemradio', { name: 'Views descending' })).toHaveFocus();
    await expectMenuCloses(user, button);

    // Keyboard: open, move to Trending ascending (the last field), choose it.
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{End}{ArrowLeft}{Enter}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(where().get('sortBy')).toBe('trending');
    expect(where().get('sortDir')).toBe('asc');
    expect(where().get('page')).toBeNull();
    await waitFor(() => expect(listCalls(fetch).at(-1)?.get('sortBy')).toBe('trending'));
    expect(listCalls(fetch).at(-1)?.get('page')).toBe('1');
  });

  it('remembers grid or list in local storage; ?view wins', async () => {
    serve(() => json(200, makePage([makeCar()])));
    const user = userEvent.setup();
    const first = open();
    await screen.findByText('Car 1');
    expect(screen.getByRole('button', { name: T.list.grid })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: T.list.list }));
    expect(screen.getByRole('button', { name: T.list.list })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(CARS_VIEW_KEY)).toBe('list');
    first.unmount();

    const second = open();
    await screen.findByText('Car 1');
    expect(screen.getByRole('button', { name: T.list.list })).toHaveAttribute('aria-pressed', 'true');
    second.unmount();

    open('/cars?view=grid');
    await screen.findByText('Car 1');
    expect(screen.getByRole('button', { name: T.list.grid })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('cars list: ads off', () => {
  it('leaves no ad cells', async () => {
    const items = Array.from({ length: 17 }, (_, i) => makeCar({ id: i + 1, name: `Car ${i + 1}` }));
    serve(() => json(200, makePage(items, 17, 1)));
    open('/cars', DEFAULT_CONFIG);
    await screen.findByText('Car 17');
    expect(screen.queryAllByTestId('list-ad')).toHaveLength(0);
    expect(screen.getByRole('list', { name: T.list.results }).children).toHaveLength(17);
  });
});
