import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, vi } from 'vitest';
import { changeLocale, currentLocale } from '../lib/i18n';

// findBy*/waitFor wait up to 5 s, not 1: two test workers on two busy cores sometimes take longer than
// a second to render a lazy page, and the wait ends as soon as what is awaited appears.
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  cleanup();
  // A test that faked the clock and failed before putting it back leaves the next file a real one.
  vi.useRealTimers();
  // A test that switched the language leaves the next one in English.
  if (currentLocale() !== 'en') await changeLocale('en');
  // sonner keeps toasts in a module store and replays active ones to the next Toaster.
  toast.dismiss();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// A dismissed toast unmounts 200 ms later on sonner's own timer; let those run before the file's
// jsdom goes away, or the timer fires into a torn-down window.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 250)));

// jsdom has no layout: scrolling is a no-op here.
window.scrollTo = (() => {}) as typeof window.scrollTo;
