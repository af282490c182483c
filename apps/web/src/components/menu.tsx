import type { ComponentProps, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from './ui';
import type { useDropdown } from './use-dropdown';

const itemClass =
  'flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left text-sm text-slate-200 hover:bg-slate-800 hover:text-white focus:bg-slate-800 focus:text-white focus:outline-none disabled:opacity-50';

/**
 * The open menu of a useDropdown menu button (nothing while it is closed), named by `label`, under the
 * button at its right edge; `className` gives its width and layer. Its items are MenuLink and MenuButton.
 */
export function MenuPanel({
  dropdown,
  label,
  className,
  children,
}: {
  dropdown: ReturnType<typeof useDropdown>;
  label: string;
  className: string;
  children: ReactNode;
}) {
  if (!dropdown.open) return null;
  return (
    <div
      {...dropdown.menuProps}
      aria-label={label}
      className={cx(
        'absolute right-0 mt-2 rounded-xl border border-slate-700 bg-slate-900 p-1.5 shadow-2xl shadow-black/50',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** A menu item that goes somewhere; the menu's arrow keys reach it, Tab does not. */
export function MenuLink({ className, ...props }: LinkProps) {
  return <Link {...props} role="menuitem" tabIndex={-1} className={cx(itemClass, className)} />;
}

/** A menu item that acts; `danger` marks one that deletes or signs out. */
export function MenuButton({
  danger,
  ...props
}: Omit<ComponentProps<'button'>, 'type' | 'role' | 'tabIndex' | 'className'> & { danger?: boolean }) {
  return (
    <button
      {...props}
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={cx(itemClass, danger && 'text-rose-300')}
    />
  );
}
