import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDropdown } from './use-dropdown';

function Menu() {
  const menu = useDropdown();
  return (
    <div>
      <div ref={menu.wrapper} onKeyDown={menu.onKeyDown}>
        <button ref={menu.button} type="button" aria-expanded={menu.open} onClick={() => menu.toggle(1)}>
          Options
        </button>
        {menu.open && (
          <div role="menu" aria-label="Options">
            {['One', 'Two', 'Three'].map((label) => (
              <button key={label} type="button" role="menuitem" tabIndex={-1} onClick={() => menu.close(true)}>
                {label}
              </button>
            ))}
          </div>
        )}
      </div>
      <p>Outside</p>
    </div>
  );
}

function Panel() {
  const panel = useDropdown({ menu: false });
  return (
    <div ref={panel.wrapper} onKeyDown={panel.onKeyDown}>
      <button ref={panel.button} type="button" aria-expanded={panel.open} onClick={() => panel.toggle()}>
        Filters
      </button>
      {panel.open && (
        <div role="group" aria-label="Filters">
          <label>
            <input type="checkbox" /> Tag
          </label>
          <label>
            <input type="radio" name="s" /> Any
          </label>
        </div>
      )}
    </div>
  );
}

describe('useDropdown', () => {
  it('as a panel (menu: false) leaves Tab and the arrow keys alone and still closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Panel />);
    const button = screen.getByRole('button', { name: 'Filters' });
    await user.click(button);
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Tag' })).toHaveFocus();
    expect(fireEvent.keyDown(screen.getByRole('checkbox', { name: 'Tag' }), { key: 'ArrowDown' })).toBe(true);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Any' })).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Filters' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('opens on the chosen item, moves with arrows, Home and End, and closes on Escape with focus back', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    const button = screen.getByRole('button', { name: 'Options' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Two' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Three' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'One' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Three' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'One' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Three' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes on a click or touch outside, not inside; Tab leaves it closed', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    const button = screen.getByRole('button', { name: 'Options' });
    await user.click(button);
    fireEvent.mouseDown(screen.getByRole('menu'));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(button);
    fireEvent.touchStart(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(button);
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
