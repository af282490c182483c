import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../lib/i18n';
import { PAGINATION_TEXT, Pagination } from './pagination';

/** The bar as a reader sees it: page numbers, '…' and the current page in brackets. */
function bar(): string[] {
  const nav = screen.getByRole('navigation', { name: PAGINATION_TEXT.nav });
  return Array.from(nav.querySelectorAll('li')).map((li) => {
    const button = li.querySelector('button');
    if (!button) return li.textContent ?? '';
    if (button.getAttribute('aria-current') === 'page') return `[${button.textContent}]`;
    return button.textContent ?? '';
  });
}

describe('Pagination', () => {
  it('shows nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the first and last pages, neighbours and ellipses around the current page', () => {
    render(<Pagination page={6} totalPages={12} onPageChange={() => {}} />);
    expect(bar()).toEqual(['‹Previous', '1', '…', '4', '5', '[6]', '7', '8', '…', '12', 'Next›']);
  });

  it('has no first-page button or ellipsis near the start', () => {
    render(<Pagination page={2} totalPages={3} onPageChange={() => {}} />);
    expect(bar()).toEqual(['‹Previous', '1', '[2]', '3', 'Next›']);
  });

  it('moves with Previous, Next and the numbers; Previous is off on page 1', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={1} totalPages={9} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: PAGINATION_TEXT.previousLabel })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: PAGINATION_TEXT.nextLabel }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: PAGINATION_TEXT.page(9) }));
    expect(onPageChange).toHaveBeenLastCalledWith(9);
    rerender(<Pagination page={9} totalPages={9} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: PAGINATION_TEXT.nextLabel })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: PAGINATION_TEXT.previousLabel }));
    expect(onPageChange).toHaveBeenLastCalledWith(8);
    // The current page does not ask for itself again.
    onPageChange.mockClear();
    await user.click(screen.getByRole('button', { name: PAGINATION_TEXT.page(9) }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it("speaks the reader's language (German)", async () => {
    await changeLocale('de');
    render(<Pagination page={2} totalPages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('navigation', { name: 'Seitennavigation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Seite 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Weiter zur nächsten Seite' })).toBeEnabled();
  });
});
