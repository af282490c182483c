import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LINK_TEXT, toast } from '../lib/toast';
import { renderPage } from '../test/utils';
import { ListSkeleton } from './catalogue-list';
import { JOIN_US_TEXT, JoinUsDialog } from './join-us-dialog';

function JoinUsHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Rate
      </button>
      <JoinUsDialog open={open} onClose={() => setOpen(false)} title="Rate and Review Plugins" />
    </>
  );
}

describe('JoinUsDialog', () => {
  it('is a modal dialog with the benefits, Create Account and Sign In back to this page', async () => {
    const user = userEvent.setup();
    renderPage(<JoinUsHarness />, { path: '/plugin/5?tab=comments', route: '/plugin/:id' });
    const trigger = screen.getByRole('button', { name: 'Rate' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Rate and Review Plugins' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const d = within(dialog);
    for (const b of JOIN_US_TEXT.benefits) expect(d.getByText(b)).toBeInTheDocument();
    expect(d.getByRole('link', { name: JOIN_US_TEXT.createAccount })).toHaveAttribute('href', '/register');
    expect(d.getByRole('link', { name: JOIN_US_TEXT.signIn })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/plugin/5?tab=comments')}`,
    );
    // Focus stays inside: Tab from the last control wraps to the first.
    expect(d.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(d.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('makes the app behind it inert while it is open', async () => {
    const user = userEvent.setup();
    const root = document.body.appendChild(document.createElement('div'));
    root.id = 'root';
    try {
      renderPage(<JoinUsHarness />, { path: '/plugin/5', route: '/plugin/:id' });
      await user.click(screen.getByRole('button', { name: 'Rate' }));
      expect(root).toHaveAttribute('inert');
      expect(screen.getByRole('dialog').closest('#root')).toBeNull();
      await user.keyboard('{Escape}');
      expect(root).not.toHaveAttribute('inert');
    } finally {
      root.remove();
    }
  });
});

describe('toast API', () => {
  it('shows title, message and link, and dismisses one or all', async () => {
    renderPage(<p>page</p>);
    let id: string | number = 0;
    act(() => {
      id = toast.success('Plugin saved', { title: 'Done', linkHref: '/plugins/1' });
      toast.error('Something failed');
      toast.info('Heads up', { linkHref: '/help', linkText: 'Read more' });
      toast.show('Plain message');
    });
    expect(await screen.findByText('Done')).toBeInTheDocument();
    expect(screen.getByText('Plugin saved')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: DEFAULT_LINK_TEXT })).toHaveAttribute('href', '/plugins/1');
    expect(screen.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', '/help');
    expect(screen.getAllByRole('button', { name: /close/i }).length).toBeGreaterThan(0);

    // Dismissed toasts leave through sonner's exit state (data-removed) before unmounting.
    const gone = (text: string) => {
      const el = screen.queryByText(text)?.closest('[data-sonner-toast]');
      return !el || el.getAttribute('data-removed') === 'true';
    };
    act(() => toast.dismiss(id));
    await waitFor(() => expect(gone('Done')).toBe(true));
    expect(gone('Something failed')).toBe(false);

    act(() => toast.clear());
    await waitFor(() => expect(gone('Something failed') && gone('Plain message') && gone('Heads up')).toBe(true));
  });
});

describe('list skeleton', () => {
  it('stands in for the cards with one status that names what loads', () => {
    renderPage(<ListSkeleton view="grid" label="Loading cars..." count={6} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading cars...');
    expect(status.querySelectorAll('li')).toHaveLength(6);
    expect(status.querySelector('ul')).toHaveAttribute('aria-hidden', 'true');
  });
});
