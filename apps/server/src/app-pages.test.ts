import { describe, expect, it } from 'vitest';
import { isAppPage } from './app-pages.js';

describe('isAppPage', () => {
  it('knows the pages of the route table', () => {
    for (const path of [
      '/',
      '/plugins',
      '/plugin/12',
      '/plugins/12/manage',
      '/plugins/new',
      '/cars/4/edit',
      '/car/4',
      '/members/RocketRyan',
      '/account/settings/profile',
      '/mail/3',
      '/moderator/pending/2',
      '/admin',
      '/dashboard/cars',
      '/terms/',
    ]) {
      expect(isAppPage(path), path).toBe(true);
    }
  });
  it('does not know anything else', () => {
    for (const path of [
      '/no-such-page',
      '/plugins/abc/def',
      '/dashboard/nope',
      '/settings',
      '/members',
      '/members/a/b',
    ]) {
      expect(isAppPage(path), path).toBe(false);
    }
  });
});
