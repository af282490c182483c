import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, json, mockFetch } from '../../test/utils';
import { api, connectAuthBridge } from './client';
import { ApiError, errorText } from './errors';

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
      json(403, { message: 'Verify first', reason: 'EmailNotVerified', currentEmail: 'a@b.co' }, { 'Retry-After': '42' }),
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

describe('errorText (display rule)', () => {
  it('400: first field error, else message, else Validation error', () => {
    expect(errorText(new ApiError(400, { message: 'Bad', errors: { email: ['Email is already in use'] } }))).toBe(
      'Email is already in use',
    );
    expect(errorText(new ApiError(400, { message: 'Bad' }))).toBe('Bad');
    expect(errorText(new ApiError(400, null))).toBe('Validation error');
  });

  it('other answers: server message, else the fallback', () => {
    expect(errorText(new ApiError(409, { message: 'Username is already taken' }), 'x')).toBe('Username is already taken');
    expect(errorText(new ApiError(500, null), 'Failed to upload avatar.')).toBe('Failed to upload avatar.');
    expect(errorText(new Error('boom'), 'Fallback')).toBe('Fallback');
  });
});
