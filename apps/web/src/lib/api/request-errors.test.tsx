import { AUTH_MESSAGES, CALL_FALLBACKS } from '@bm/core';
import { useMutation, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/utils';
import { createQueryClient } from '../query-client';
import { toast } from '../toast';
import { api } from './client';
import { ApiError, requestErrorText } from './errors';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the spec's fallback texts", () => {
  it('are verbatim', () => {
    expect(Object.values(CALL_FALLBACKS)).toEqual([
      'Login failed',
      'Registration failed',
      'Failed to change password',
      'Failed to request email change',
      'Failed to fetch cars',
      'Failed to fetch car',
      'Failed to fetch plugins',
      'Failed to load profile',
      'Failed to load plugins',
      'Failed to load cars',
      'Failed to update profile',
    ]);
    expect(AUTH_MESSAGES.genericError).toBe('Something went wrong. Please try again.');
    expect(AUTH_MESSAGES.requestFailed).toBe('Request failed.');
  });

  it("are a failed call's own message when the server sends none; the server's message wins", async () => {
    mockFetch(() => new Response('', { status: 502 }));
    await expect(api.get('/cars', { fallback: CALL_FALLBACKS.fetchCars })).rejects.toThrow(CALL_FALLBACKS.fetchCars);

    mockFetch(() => json(503, { message: 'Down for maintenance' }));
    await expect(api.get('/cars', { fallback: CALL_FALLBACKS.fetchCars })).rejects.toThrow('Down for maintenance');
  });
});

describe('the general rule', () => {
  it('server message, else the error’s own message, else the generic text; a 400’s field error first', () => {
    expect(requestErrorText(new ApiError(400, { errors: { name: ['Name is required'] } }))).toBe('Name is required');
    expect(requestErrorText(new ApiError(400, null))).toBe(AUTH_MESSAGES.validationError);
    expect(requestErrorText(new ApiError(500, { message: 'Database unavailable' }))).toBe('Database unavailable');
    expect(requestErrorText(new ApiError(500, null, null, CALL_FALLBACKS.fetchCar))).toBe(CALL_FALLBACKS.fetchCar);
    expect(requestErrorText(new ApiError(0, null, null, 'Network error. Check your connection.'))).toBe(
      'Network error. Check your connection.',
    );
    expect(requestErrorText(new Error(''))).toBe(AUTH_MESSAGES.genericError);
    expect(requestErrorText('nope')).toBe(AUTH_MESSAGES.genericError);
    const unreadable = new Error('x');
    Object.defineProperty(unreadable, 'message', {
      get() {
        throw new Error('boom');
      },
    });
    expect(requestErrorText(unreadable)).toBe(AUTH_MESSAGES.requestFailed);
  });

  it('shows in a toast for an action with no place of its own for the error, and only there', async () => {
    const shown = vi.spyOn(toast, 'error').mockImplementation(() => '');
    mockFetch(() => json(500, { message: 'Could not pin' }));
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const run = async (options: { onError?: () => void; meta?: { errorShownInPlace: boolean } }) => {
      const { result } = renderHook(() => useMutation({ mutationFn: () => api.post('/cars/1/pin'), ...options }), {
        wrapper,
      });
      await act(async () => {
        await result.current.mutateAsync().catch(() => undefined);
      });
    };
    await run({});
    expect(shown).toHaveBeenCalledWith('Could not pin');
    shown.mockClear();
    await run({ onError: () => undefined });
    await run({ meta: { errorShownInPlace: true } });
    expect(shown).not.toHaveBeenCalled();
  });
});
