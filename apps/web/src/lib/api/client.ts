import { API_TIMEOUT_MS } from '@bm/core';
import { ApiError, noAnswerError, parseErrorBody } from './errors';
import { takePageAnswer } from './page-data';

export const API_BASE = '/api';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialised unless it is FormData. */
  body?: unknown;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  signal?: AbortSignal;
  /** Attach the session's bearer token (default true). */
  auth?: boolean;
  /** Use this token instead of the session's (sign-in steps before the session is stored). */
  token?: string;
  /** On 401, refresh the session and retry once (default: when a token was sent). */
  retryOnUnauthorized?: boolean;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** The error's own message when the server sends none (the spec's store texts, e.g. 'Failed to fetch cars'). */
  fallback?: string;
}

/**
 * How the client reaches the session without importing it (the session module uses this client).
 * refresh() must be single-flight and return the new token, or null when the session cannot be renewed.
 */
export interface AuthBridge {
  getToken(): string | null;
  refresh(): Promise<string | null>;
  /** The refresh-and-retry failed: the stored token goes and the visitor is signed out. */
  onUnauthorized(): void;
}

const noAuth: AuthBridge = { getToken: () => null, refresh: async () => null, onUnauthorized: () => {} };
let bridge: AuthBridge = noAuth;

export function connectAuthBridge(next: AuthBridge | null): void {
  bridge = next ?? noAuth;
}

/** The session bridge, for transports other than fetch (uploads with progress). */
export function authBridge(): AuthBridge {
  return bridge;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null && v !== '') params.append(key, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? API_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err; // the caller cancelled: let it see its own abort
    throw noAnswerError(timedOut);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

async function toApiError(res: Response, fallback?: string): Promise<ApiError> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    // body unreadable
  }
  return new ApiError(res.status, await parseErrorBody(text), res.headers.get('Retry-After'), fallback);
}

async function readBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

export async function apiRequest<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const token = opts.token ?? (opts.auth === false ? null : bridge.getToken());
  // A landing page's first reads come with its HTML, answered for a visitor without a session.
  if ((opts.method ?? 'GET') === 'GET' && token === null) {
    const answer = typeof document === 'undefined' ? undefined : takePageAnswer(buildUrl(path, opts.query));
    if (answer) return answer.body as T;
  }
  let res = await send(path, opts, token);

  const mayRetry = opts.retryOnUnauthorized ?? (token !== null && opts.token === undefined);
  if (res.status === 401 && token && mayRetry) {
    // Another call may have renewed the token meanwhile: then just retry with it.
    const current = bridge.getToken();
    const fresh = current && current !== token ? current : await bridge.refresh();
    if (!fresh) {
      const error = await toApiError(res, opts.fallback);
      bridge.onUnauthorized();
      throw error;
    }
    res = await send(path, opts, fresh);
    if (res.status === 401) {
      const error = await toApiError(res, opts.fallback);
      bridge.onUnauthorized();
      throw error;
    }
  }

  if (!res.ok) throw await toApiError(res, opts.fallback);
  return readBody<T>(res);
}

type NoBodyOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, opts?: NoBodyOptions) => apiRequest<T>(path, { ...opts, method: 'GET' }),
  delete: <T = void>(path: string, opts?: NoBodyOptions) => apiRequest<T>(path, { ...opts, method: 'DELETE' }),
  post: <T = void>(path: string, body?: unknown, opts?: NoBodyOptions) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body }),
  put: <T = void>(path: string, body?: unknown, opts?: NoBodyOptions) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', body }),
  patch: <T = void>(path: string, body?: unknown, opts?: NoBodyOptions) =>
    apiRequest<T>(path, { ...opts, method: 'PATCH', body }),
};
