import { useLayoutEffect } from 'react';
import { SITE_NAME } from '../lib/site';

/** The tab title: 'Page · BakkesMod Community' (the site's name alone where the page is the site), prefixed with the unread mail count when there is any. */
const title = { page: null as string | null, unread: 0 };

function apply() {
  const base = title.page && title.page !== SITE_NAME ? `${title.page} · ${SITE_NAME}` : SITE_NAME;
  document.title = title.unread > 0 ? `(${title.unread}) ${base}` : base;
}

export function useDocumentTitle(page: string | null | undefined): void {
  // Set as the page is drawn, not after the next frame (when Preact runs passive effects): the tab
  // names the page as soon as it shows (docs/web-runtime.md).
  useLayoutEffect(() => {
    title.page = page ?? null;
    apply();
  }, [page]);
}

/** Sets the unread count shown before the title ('(3) Inbox | ...'); 0 shows none. */
export function setTitleUnreadCount(unread: number): void {
  if (title.unread === unread) return;
  title.unread = unread;
  apply();
}
