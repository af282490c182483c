import { afterEach, beforeEach, vi } from 'vitest';
import { installFakeXhr } from '../../../test/fake-xhr';
import { renderPage, signInAs, signOut } from '../../../test/utils';
import { PluginManagePage } from './manage-page';

/** The manage page of plugin `id`, at its address. */
export function openManagePage(id = 5) {
  return renderPage(<PluginManagePage />, { path: `/plugins/${id}/manage`, route: '/plugins/:id/manage' });
}

/** For a describe block: each test signed in with uploads going to the fake XHR; signed out and unstubbed after. */
export function signedInWithFakeUploads() {
  beforeEach(() => {
    signInAs();
    installFakeXhr();
  });
  afterEach(() => {
    signOut();
    vi.unstubAllGlobals();
  });
}
