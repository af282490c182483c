import type { Member } from '@bm/core';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigationType,
  useRoutes,
  type Location,
  type NavigationType,
  type RouteObject,
} from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { Providers } from '../app/providers';
import { resetAuthState, SIGNED_OUT } from '../lib/auth';
import { DEFAULT_CONFIG, type RuntimeConfig } from '../lib/config';
import { toastUnhandledMutationError } from '../lib/query-client';

export const testMember: Member = {
  id: 7,
  username: 'octane',
  email: 'octane@example.com',
  avatarUrl: null,
  isVerified: true,
  isImpersonating: false,
  locale: null,
};

/** A JWT-shaped token (unsigned) with the claims the client reads. */
export function fakeToken(claims: Record<string, unknown> = {}): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '7', iat: now, exp: now + 30 * 24 * 3600, ...claims })}.sig`;
}

export function signInAs(member: Member = testMember, roles: string[] = [], token = fakeToken()): void {
  resetAuthState({ ...SIGNED_OUT, token, member, roles, rememberMe: true, initialised: true });
}

export function signOut(): void {
  resetAuthState(SIGNED_OUT);
}

/** A promise the test settles when it chooses. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** For a describe block: each test signed out, with fake timers that still advance; real timers and globals after. */
export function signedOutWithFakeTimers(): void {
  beforeEach(() => {
    signOut();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/** An open menu of `button`'s: Escape closes it and puts focus back on the button; opened again, a click outside closes it. */
export async function expectMenuCloses(user: UserEvent, button: HTMLElement): Promise<void> {
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(button).toHaveFocus();
  await user.click(button);
  fireEvent.mouseDown(document.body);
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
}

export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replace fetch with a handler; returns the mock to inspect calls. */
export function mockFetch(handler: FetchHandler) {
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function bodyOf(init: RequestInit): unknown {
  return typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
}

/** Shows where the router is, for navigation assertions. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Where the router is and how it got there, updated on every render of the table. */
export interface RouterView {
  state: { location: Location; historyAction: NavigationType };
}

/** The route table in a MemoryRouter, the way the app renders its table in a BrowserRouter. */
function TableRoutes({ routes, view }: { routes: RouteObject[]; view: RouterView }) {
  view.state = { location: useLocation(), historyAction: useNavigationType() };
  return useRoutes(routes);
}

export function renderRoutes(
  routes: RouteObject[],
  { path = '/', config = DEFAULT_CONFIG }: { path?: string; config?: RuntimeConfig } = {},
) {
  const router = { state: undefined } as unknown as RouterView;
  // The app's rule for failed actions (a toast unless the action shows its error itself), without retries.
  const queryClient = new QueryClient({
    mutationCache: new MutationCache({ onError: (err, _v, _c, m) => toastUnhandledMutationError(err, m) }),
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const utils = render(
    <Providers config={config} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <TableRoutes routes={routes} view={router} />
      </MemoryRouter>
    </Providers>,
  );
  return { ...utils, router, queryClient };
}

/** One page at a path, plus a probe on every other path to see where it navigated. */
export function renderPage(
  element: ReactElement,
  { path = '/', route = path.split('?')[0]!, config }: { path?: string; route?: string; config?: RuntimeConfig } = {},
) {
  return renderRoutes(
    [
      { path: route, element },
      { path: '*', element: <LocationProbe /> },
    ],
    { path, config },
  );
}
