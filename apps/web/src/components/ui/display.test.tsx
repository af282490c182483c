import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime, relativeTime } from '../../lib/format';
import { Count } from './count';
import { Time } from './time';

describe('Count', () => {
  it.each([
    [4892, '4,892', '4,892'],
    [41_734, '41.7k', '41,734'],
    [1_500_000, '1.50M', '1,500,000'],
  ])('%i shows %s with the exact %s on hover', (n, text, exact) => {
    render(<Count value={n} />);
    expect(screen.getByText(text)).toHaveAttribute('title', exact);
  });
});

describe('Time', () => {
  it('shows relative words with the exact moment as title and dateTime', () => {
    const at = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString();
    const { container } = render(<Time value={at} />);
    const time = container.querySelector('time')!;
    expect(time).toHaveTextContent('3 days ago');
    expect(time).toHaveTextContent(relativeTime(at));
    expect(time).toHaveAttribute('dateTime', at);
    expect(time).toHaveAttribute('title', formatDateTime(at));
  });

  it('renders nothing for a missing or unreadable date', () => {
    const { container } = render(
      <>
        <Time value={null} />
        <Time value="not a date" />
      </>,
    );
    expect(container.querySelector('time')).toBeNull();
  });
});
