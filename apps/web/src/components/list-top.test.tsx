import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListTop } from './list-top';

function setup(top: number) {
  const scroll = vi.fn();
  const view = render(<ListTop watch="page=1" />);
  const el = screen.getByTestId('list-top');
  el.scrollIntoView = scroll;
  el.getBoundingClientRect = () => ({ top }) as DOMRect;
  return { scroll, rerender: (watch: string) => view.rerender(<ListTop watch={watch} />) };
}

describe('ListTop', () => {
  it('brings the list top back into view when paging or filtering changes what it shows', () => {
    const { scroll, rerender } = setup(-800);
    expect(scroll).not.toHaveBeenCalled();
    rerender('page=2');
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll).toHaveBeenCalledWith({ block: 'start' });
    rerender('page=2');
    expect(scroll).toHaveBeenCalledTimes(1);
    rerender('page=2&search=boost');
    expect(scroll).toHaveBeenCalledTimes(2);
  });

  it('leaves a list whose top is still in view where it is', () => {
    const { scroll, rerender } = setup(120);
    rerender('page=2');
    expect(scroll).not.toHaveBeenCalled();
  });
});
