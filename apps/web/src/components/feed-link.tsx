import { useEffect } from 'react';

/**
 * The page's Atom feed in the document's head (<link rel="alternate">), so feed readers and browsers
 * find it; it leaves with the page. The server writes the first page's one too (marked
 * data-page-feed, docs/feeds.md): it is removed once the app shows a page, which then carries its own.
 */
export function FeedLink({ title, href }: { title: string; href: string }) {
  useEffect(() => {
    for (const link of document.head.querySelectorAll('link[data-page-feed]')) link.remove();
    const link = Object.assign(document.createElement('link'), {
      rel: 'alternate',
      type: 'application/atom+xml',
      title,
      href,
    });
    document.head.append(link);
    return () => link.remove();
  }, [title, href]);
  return null;
}
