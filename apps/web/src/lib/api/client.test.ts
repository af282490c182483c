import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, json, mockFetch } from '../../test/utils';
import { api, connectAuthBridge } from './client';
import { ApiError, errorText } from './errors';
import { PAGE_DATA_MAX_AGE_MS, resetPageAnswers, takePageAnswer } from './page-data';

describe('api client', () => {
  let token: string | null;
  let refresh: ReturnType<typeof vi.fn<() => Promise<string | null>>>;
  let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    token = 'old-token';
    refresh = vi.fn(async () => {
      token = 'new-token';
      return token;
    });
    onUnauthorized = vi.fn(() => {
      token = null;
    });
    connectAuthBridge({ getToken: () => token, refresh, onUnauthorized });
  });

  afterEach(() => {
    connectAuthBridge(null);
    vi.unstubAllGlobals();
  });

  it('sends the bearer token and JSON body under /api', async () => {
    const fetch = mockFetch(() => json(200, { ok: true }));
    await expect(api.post('/feedback', { content: 'hi' })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/feedback');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer old-token');
    expect(bodyOf(init!)).toEqual({ content: 'hi' });
  });

  it('on a 401 refreshes once and retries with the new token', async () => {
    const seen: string[] = [];
    mockFetch((_url, init) => {
      const auth = (init.headers as Record<string, string>).Authorization ?? '';
      seen.push(auth);
      return auth === 'Bearer new-token' ? json(200, { id: 1 }) : json(401, { message: 'expired' });
    });
    await expect(api.get('/auth/me')).resolves.toEqual({ id: 1 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('signs out when the refresh fails, without retrying', async () => {
    refresh.mockResolvedValueOnce(null);
    const fetch = mockFetch(() => json(401, { message: 'expired' }));
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('retries only once: a second 401 signs out', async () => {
    const fetch = mockFetch(() => json(401, { message: 'nope' }));
    await expect(api.get('/auth/me')).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not refresh for anonymous calls (login failures stay 401)', async () => {
    const fetch = mockFetch(() => json(401, { message: 'Invalid username or password', reason: 'InvalidCredentials' }));
    const err = await api.post('/auth/login', {}, { auth: false }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401, reason: 'InvalidCredentials' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('reads the error body and Retry-After', async () => {
    mockFetch(() =>
      json(
        403,
        { message: 'Verify first', reason: 'EmailNotVerified', currentEmail: 'a@b.co' },
        { 'Retry-After': '42' },
      ),
    );
    const err = (await api.post('/auth/login', {}, { auth: false }).catch((e: unknown) => e)) as ApiError;
    expect(err.reason).toBe('EmailNotVerified');
    expect(err.currentEmail).toBe('a@b.co');
    expect(err.retryAfter).toBe('42');
  });

  it('returns undefined for 204', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/members/me/avatar')).resolves.toBeUndefined();
  });
});

describe("the page's first reads", () => {
  const block = (json: string) => {
    // The first moments of the visit, however long this worker took to start (under load, over 30 s).
    vi.spyOn(performance, 'now').mockReturnValue(10);
    const el = document.createElement('script');
    el.id = 'bm-data';
    el.type = 'application/json';
    el.textContent = json;
    document.head.append(el);
    return el;
  };
  // Other test files share this worker's modules: start from no session and no page answers taken.
  beforeEach(() => {
    resetPageAnswers();
    connectAuthBridge(null);
  });
  afterEach(() => {
    document.getElementById('bm-data')?.remove();
    resetPageAnswers();
    connectAuthBridge(null);
    vi.unstubAllGlobals();
  });

  it('answers a request without a session from the page, once, whatever the order of its parameters', async () => {
    block('{"/api/plugins?page=1&pageSize=16":{"items":[{"id":8}],"totalCount":1}}');
    const fetch = mockFetch(() => json(200, { items: [], totalCount: 0 }));
    await expect(api.get('/plugins', { query: { pageSize: 16, page: 1 } })).resolves.toEqual({
      items: [{ id: 8 }],
      totalCount: 1,
    });
    expect(fetch).not.toHaveBeenCalled();
    // Taken once: the next read of the same address asks the API.
    await expect(api.get('/plugins', { query: { page: 1, pageSize: 16 } })).resolves.toEqual({
      items: [],
      totalCount: 0,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('leaves requests with a session, other addresses and writes to the network', async () => {
    block('{"/api/plugins/8":{"id":8,"myStars":null}}');
    const fetch = mockFetch(() => json(200, { id: 8, myStars: 5 }));
    connectAuthBridge({ getToken: () => 'token', refresh: async () => null, onUnauthorized: () => {} });
    await expect(api.get('/plugins/8')).resolves.toEqual({ id: 8, myStars: 5 });
    connectAuthBridge(null);
    await expect(api.get('/plugins/9')).resolves.toEqual({ id: 8, myStars: 5 });
    await api.post('/plugins/8', {});
    expect(fetch).toHaveBeenCalledTimes(3);
    // Still there for the anonymous read it was written for.
    await expect(api.get('/plugins/8')).resolves.toEqual({ id: 8, myStars: null });
  });

  it('is old news after the first moments of the visit, and a broken block is no answer', () => {
    block('{"/api/tags":[]}');
    expect(takePageAnswer('/api/tags', PAGE_DATA_MAX_AGE_MS + 1)).toBeUndefined();
    expect(takePageAnswer('/api/tags', 10)).toEqual({ body: [] });
    document.getElementById('bm-data')!.remove();
    resetPageAnswers();
    block('{oops');
    expect(takePageAnswer('/api/tags', 10)).toBeUndefined();
  });
});

describe('errorText (display rule)', () => {
  it('400: first field error, else message, else Validation error', () => {
    expect(errorText(new ApiError(400, { message: 'Bad', errors: { email: ['Email is already in use'] } }))).toBe(
      'Email is already in use',
    );
    expect(errorText(new ApiError(400, { message: 'Bad' }))).toBe('Bad');
    expect(errorText(new ApiError(400, null))).toBe('Validation error');
  });

  it('other answers: server message, else the fallback', () => {
    expect(errorText(new ApiError(409, { message: 'Username is already taken' }), 'x')).toBe(
      'Username is already taken',
    );
    expect(errorText(new ApiError(500, null), 'Failed to upload avatar.')).toBe('Failed to upload avatar.');
    expect(errorText(new Error('boom'), 'Fallback')).toBe('Fallback');
  });
});
