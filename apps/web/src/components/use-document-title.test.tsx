import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_NAME } from '../lib/site';
import { setTitleUnreadCount, useDocumentTitle } from './use-document-title';

function Page({ title }: { title: string | null }) {
  useDocumentTitle(title);
  return null;
}

afterEach(() => setTitleUnreadCount(0));

describe('tab titles', () => {
  it('name the page, then the site, and never the site twice', () => {
    const { rerender } = render(<Page title="Aerial Trainer" />);
    expect(document.title).toBe(`Aerial Trainer · ${SITE_NAME}`);
    rerender(<Page title={SITE_NAME} />);
    expect(document.title).toBe(SITE_NAME);
    rerender(<Page title={null} />);
    expect(document.title).toBe(SITE_NAME);
  });

  it('put the unread count first', () => {
    render(<Page title="Inbox" />);
    setTitleUnreadCount(3);
    expect(document.title).toBe(`(3) Inbox · ${SITE_NAME}`);
  });
});
