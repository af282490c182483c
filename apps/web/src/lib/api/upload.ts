import { API_TIMEOUT_MS } from '@bm/core';
import { authBridge, buildUrl } from './client';
import { ApiError, noAnswerError, parseErrorBody } from './errors';

export interface UploadOptions {
  /** Multipart field name (default 'file'). */
  field?: string;
  /** Extra multipart fields sent with the file. */
  fields?: Record<string, string>;
  method?: 'POST' | 'PUT';
  /** 0..100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

interface XhrResult {
  status: number;
  text: string;
  retryAfter: string | null;
}

function sendOnce(path: string, form: FormData, opts: UploadOptions, token: string | null): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', buildUrl(path));
    xhr.timeout = API_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && opts.onProgress) opts.onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () =>
      resolve({ status: xhr.status, text: xhr.responseText, retryAfter: xhr.getResponseHeader('Retry-After') });
    xhr.onerror = () => reject(noAnswerError(false));
    xhr.ontimeout = () => reject(noAnswerError(true));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Multipart upload through XMLHttpRequest, so a progress bar can follow it.
 * Same session rules as the fetch client: bearer token, one refresh-and-retry on 401.
 */
export async function uploadFile<T>(path: string, file: Blob, opts: UploadOptions = {}): Promise<T> {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  form.append(opts.field ?? 'file', file);
  return uploadForm<T>(path, form, opts);
}

/** A multipart form of several parts (files and fields) with progress, as uploadFile. */
export async function uploadForm<T>(
  path: string,
  form: FormData,
  opts: Omit<UploadOptions, 'field' | 'fields'> = {},
): Promise<T> {
  const bridge = authBridge();
  const token = bridge.getToken();
  let result = await sendOnce(path, form, opts, token);
  if (result.status === 401 && token) {
    const fresh = await bridge.refresh();
    if (!fresh) {
      bridge.onUnauthorized();
      throw new ApiError(401, await parseErrorBody(result.text));
    }
    opts.onProgress?.(0);
    result = await sendOnce(path, form, opts, fresh);
    if (result.status === 401) bridge.onUnauthorized();
  }
  if (result.status < 200 || result.status >= 300) {
    throw new ApiError(result.status, await parseErrorBody(result.text), result.retryAfter);
  }
  if (!result.text) return undefined as T;
  try {
    return JSON.parse(result.text) as T;
  } catch {
    return result.text as T;
  }
}
