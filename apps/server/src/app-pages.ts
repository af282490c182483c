/**
 * The page paths of the web app's route table (apps/web/src/app/routes.tsx), so that the server
 * answers 404 for any other path (the app then shows its not-found page) instead of a soft 404.
 * Keep in step with the route table when a page is added.
 */
const APP_PAGE = new RegExp(
  '^/(?:' +
    [
      '',
      'plugins',
      'plugins/new',
      'plugins/\\d+(?:/manage)?',
      'plugin/[^/]+',
      'plugins/view/[^/]+',
      'plugin-search(?:/[^/]+)?',
      'cars',
      'cars/upload',
      'cars/[^/]+(?:/edit)?',
      'car(?:/.*)?',
      'car-search(?:/[^/]+)?',
      'members/[^/]+',
      'collections(?:/\\d+)?',
      'registration-success',
      'verify-email',
      'verify-email-change',
      'maps',
      'tools',
      'community',
      'terms',
      'privacy-policy',
      'acceptable-use-policy',
      'login',
      'register',
      'forgot-password',
      'reset-password',
      'auth/oauth/complete',
      'settings/profile',
      'dashboard(?:/(?:plugins|cars|following|collections|settings))?',
      'account/settings(?:/.*)?',
      'mail(?:/[^/]+)?',
      'moderator(?:/.*)?',
      'admin(?:/.*)?',
    ].join('|') +
    ')/?$',
);

/** Whether the web app has a page at this path (query string left off). */
export function isAppPage(pathname: string): boolean {
  return APP_PAGE.test(pathname);
}
