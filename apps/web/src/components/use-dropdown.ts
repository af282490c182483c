import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';
const itemsIn = (root: HTMLElement | null) => Array.from(root?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);

/**
 * A menu button's behaviour: open and closed, a click (or touch) outside closes, Escape closes and
 * puts focus back on the button, Tab closes. When open, focus goes to an item; the arrow keys, Home
 * and End move between the items (elements with a menuitem role inside the wrapper).
 *
 * Spread `container` on the element holding the button and the menu (or put `wrapper` and
 * `onKeyDown` on it), `trigger` on the button (its ref, type, aria-haspopup, aria-expanded and
 * aria-controls) and `menuProps` on the open menu (its id and role; a panel takes `id={panelId}`).
 *
 * `{ menu: false }` is for a panel of ordinary controls (checkboxes, radios) behind a button: only
 * the outside click and Escape close it; Tab and the arrow keys keep their usual meaning inside.
 */
export function useDropdown({ menu = true }: { menu?: boolean } = {}) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const focusIndex = useRef(0);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    // Opened below the fold: scroll just enough to show the menu (or panel) whole.
    const panel =
      wrapper.current?.querySelector<HTMLElement>('[role="menu"]') ??
      (button.current?.nextElementSibling as HTMLElement | null);
    if (panel && panel.getBoundingClientRect().bottom > window.innerHeight) panel.scrollIntoView({ block: 'nearest' });
    const list = itemsIn(wrapper.current);
    list[Math.min(Math.max(focusIndex.current, 0), list.length - 1)]?.focus();
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
    };
  }, [open]);

  /** Opens with focus on the item at `index` (default the first). */
  const openMenu = useCallback((index = 0) => {
    focusIndex.current = index;
    setOpen(true);
  }, []);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  const toggle = useCallback((index = 0) => (open ? close(false) : openMenu(index)), [open, close, openMenu]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!open) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
      return;
    }
    if (!menu) return;
    if (e.key === 'Tab') {
      setOpen(false);
      return;
    }
    const list = itemsIn(wrapper.current);
    const index = list.findIndex((el) => el === document.activeElement);
    const move = (to: number) => {
      e.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') move(index + 1);
    else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') move(index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
  };

  const container = { ref: wrapper, onKeyDown };
  const trigger = {
    ref: button,
    type: 'button' as const,
    'aria-haspopup': menu ? ('menu' as const) : undefined,
    'aria-expanded': open,
    'aria-controls': open ? panelId : undefined,
  };

  const menuProps = { id: panelId, role: 'menu' as const };

  return { open, wrapper, button, openMenu, close, toggle, onKeyDown, panelId, container, trigger, menuProps };
}
