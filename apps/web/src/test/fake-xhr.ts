import { vi } from 'vitest';

/** One request a FakeXhr was sent. */
export interface SentXhr {
  method: string;
  url: string;
  body: FormData;
  headers: Record<string, string>;
}

/**
 * The browser's XMLHttpRequest at the HTTP boundary (uploads go through it for their progress):
 * records what is sent and answers when the test says so (`FakeXhr.last.answer(...)`), or at once
 * with `FakeXhr.autoAnswer`. `installFakeXhr()` puts it in place for one test.
 */
export class FakeXhr {
  static sent: SentXhr[] = [];
  static last: FakeXhr | null = null;
  /** When set, every request is answered with this as soon as it is sent. */
  static autoAnswer: { status: number; body?: string } | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  timeout = 0;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  getResponseHeader() {
    return null;
  }
  abort() {}
  send(body: FormData) {
    FakeXhr.sent.push({ method: this.method, url: this.url, body, headers: this.headers });
    FakeXhr.last = this;
    const auto = FakeXhr.autoAnswer;
    if (auto) setTimeout(() => this.answer(auto.status, auto.body), 0);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body = '') {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

/** FakeXhr as the XMLHttpRequest of this test, with nothing sent yet (vi.unstubAllGlobals removes it). */
export function installFakeXhr() {
  FakeXhr.sent = [];
  FakeXhr.last = null;
  FakeXhr.autoAnswer = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/** The text fields of a sent form, without its files. */
export function formFields(body: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  body.forEach((value, key) => {
    if (typeof value === 'string') fields[key] = value;
  });
  return fields;
}
