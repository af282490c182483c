import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cx, focusRing } from './ui';

export interface SectionLink {
  to: string;
  label: string;
  /** Only exact matches count as current (index links). */
  end?: boolean;
}

/** A page with a heading, a sidebar of sections (aria-current on the open one) and the section's content. */
export function SectionLayout({
  title,
  navLabel,
  links,
  actions,
  children,
}: {
  title: string;
  navLabel: string;
  links: readonly SectionLink[];
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-white">{title}</h1>
        {actions}
      </div>
      <div className="flex flex-col gap-6 md:flex-row">
        <nav aria-label={navLabel} className="md:w-56 md:shrink-0">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {links.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  end={l.end}
                  className={({ isActive }) =>
                    cx(
                      'block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium',
                      focusRing,
                      isActive ? 'bg-sky-500/15 text-sky-300' : 'text-slate-300 hover:bg-slate-800 hover:text-white',
                    )
                  }
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </div>
  );
}
