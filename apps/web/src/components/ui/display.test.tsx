import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, JUST_NOW, relativeTime } from '../../lib/format';
import { NOW_TICK_MS } from '../../lib/now';
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

describe('Time on the shared clock', () => {
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  });

  const setVisibility = (state: 'visible' | 'hidden') => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
  };

  it('ticks every instance from one interval while the page stays open', () => {
    // The timers are counted on the fake clock: a spy on the global timer functions outlived the fake
    // clock and left later test files (which share this worker's globals) with timers that never fire.
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
    const { container, unmount } = render(
      <>
        <Time value="2026-11-24T09:59:50Z" />
        <Time value="2026-11-24T09:00:00Z" />
        <Time value="2026-11-24T09:59:00Z" />
      </>,
    );
    const texts = () => [...container.querySelectorAll('time')].map((t) => t.textContent);
    expect(texts()).toEqual(['10 seconds ago', '1 hour ago', '1 minute ago']);
    // One interval for the three of them.
    expect(vi.getTimerCount()).toBe(1);

    act(() => {
      vi.advanceTimersByTime(NOW_TICK_MS * 4);
    });
    expect(texts()).toEqual(['2 minutes ago', '1 hour ago', '3 minutes ago']);

    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads a moment ahead of the clock (a live comment stamped after its last tick) as just now', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
    const { container } = render(<Time value="2026-11-24T09:59:00Z" />);
    // The clock last ticked at 10:00:00; a comment arrives stamped 10:00:14 before the next tick.
    vi.setSystemTime(new Date('2026-11-24T10:00:20Z'));
    const { container: fresh } = render(
      <>
        <Time value="2026-11-24T10:00:14Z" />
        <Time value="2026-11-24T10:00:02Z" />
      </>,
    );
    expect(container.querySelector('time')!.textContent).toBe('1 minute ago');
    expect([...fresh.querySelectorAll('time')].map((t) => t.textContent)).toEqual([JUST_NOW, JUST_NOW]);
    expect(relativeTime('2026-11-24T10:00:45Z', Date.parse('2026-11-24T10:00:00Z'))).toBe(JUST_NOW);
    // Further ahead is a real future moment (a review hold's end), still in words.
    expect(relativeTime('2026-11-24T10:14:00Z', Date.parse('2026-11-24T10:00:00Z'))).toBe('in 14 minutes');
    expect(JUST_NOW).toBe('just now');
  });

  it('pauses while the tab is hidden and catches up when it comes back', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
    const { container } = render(<Time value="2026-11-24T09:59:00Z" />);
    const time = () => container.querySelector('time')!.textContent;
    expect(time()).toBe('1 minute ago');

    setVisibility('hidden');
    expect(vi.getTimerCount()).toBe(0);
    act(() => {
      vi.advanceTimersByTime(10 * 60_000);
    });
    expect(time()).toBe('1 minute ago');

    setVisibility('visible');
    expect(time()).toBe('11 minutes ago');
    expect(vi.getTimerCount()).toBe(1);
  });
});
