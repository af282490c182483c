import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STAR_RATING_TEXT, StarRating, clampRating } from './star-rating';

describe('StarRating', () => {
  it('shows a read-only value clamped between 0.0 and 5.0', () => {
    expect(clampRating(7)).toBe(5);
    expect(clampRating(-1)).toBe(0);
    expect(clampRating(Number.NaN)).toBe(0);
    const { rerender } = render(<StarRating value={4.25} />);
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    rerender(<StarRating value={9} />);
    expect(screen.getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('rates 1 to 5 with buttons, marking the member’s own stars', async () => {
    const user = userEvent.setup();
    const onRate = vi.fn();
    render(<StarRating value={3.6} selected={4} onRate={onRate} label="Rate this car" />);
    const group = screen.getByRole('group', { name: 'Rate this car' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(5);
    expect(screen.getByRole('button', { name: STAR_RATING_TEXT.rate(4) })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: STAR_RATING_TEXT.rate(1) })).toHaveAccessibleName('Rate 1 star');
    await user.click(screen.getByRole('button', { name: STAR_RATING_TEXT.rate(2) }));
    expect(onRate).toHaveBeenCalledWith(2);
    // Keyboard: Tab to a star, Enter rates it.
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onRate).toHaveBeenLastCalledWith(3);
  });

  it('while busy the stars ignore presses but keep focus, so a panel around them stays open', async () => {
    const user = userEvent.setup();
    const onRate = vi.fn();
    const { rerender } = render(<StarRating value={0} onRate={onRate} label="Your rating" />);
    const three = screen.getByRole('button', { name: STAR_RATING_TEXT.rate(3) });
    await user.click(three);
    expect(onRate).toHaveBeenCalledWith(3);
    rerender(<StarRating value={0} onRate={onRate} label="Your rating" disabled />);
    expect(three).toHaveFocus();
    expect(three).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(onRate).toHaveBeenCalledTimes(1);
  });
});
