import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // sonner keeps toasts in a module store and replays active ones to the next Toaster.
  toast.dismiss();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// jsdom has no layout: scrolling is a no-op here.
window.scrollTo = (() => {}) as typeof window.scrollTo;
