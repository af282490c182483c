import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cx, focusRing } from '../../components/ui';
import { useDashboardT } from './dashboard-text';
import { useMyCars, useMyPlugins } from './grids';
import { DashboardHeaderActions } from './header';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'whitespace-nowrap rounded-t-lg border-b-2 px-3 py-2 text-sm font-medium',
    focusRing,
    isActive
      ? 'border-sky-400 text-white'
      : 'border-transparent text-slate-400 hover:border-slate-600 hover:text-slate-200',
  );

/** The dashboard's frame: title, create buttons, and the section tabs (links; the current one has aria-current=page). */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const t = useDashboardT();
  const plugins = useMyPlugins();
  const cars = useMyCars();
  // On a narrow screen the tabs scroll sideways: the current one is brought into view (Following is last).
  const nav = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const bar = nav.current;
    const current = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !current) return;
    const end = current.offsetLeft + current.offsetWidth;
    if (end > bar.scrollLeft + bar.clientWidth) bar.scrollLeft = end - bar.clientWidth;
  }, [plugins.data?.length, cars.data?.length]);
  // A tab's count shows once its list has loaded.
  const withCount = (label: string, n: number | undefined) => (n === undefined ? label : t('withCount', { label, n }));
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-white">{t('title')}</h1>
        <DashboardHeaderActions />
      </div>
      <nav ref={nav} aria-label={t('tabs.nav')} className="mt-6 overflow-x-auto border-b border-slate-800">
        <ul className="flex gap-1">
          <li>
            <NavLink to="/dashboard" end className={tabClass}>
              {t('tabs.overview')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/dashboard/plugins" className={tabClass}>
              {withCount(t('tabs.myPlugins'), plugins.data?.length)}
            </NavLink>
          </li>
          <li>
            <NavLink to="/dashboard/cars" className={tabClass}>
              {withCount(t('tabs.myCars'), cars.data?.length)}
            </NavLink>
          </li>
          <li>
            <NavLink to="/dashboard/following" className={tabClass}>
              {t('tabs.following')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/dashboard/collections" className={tabClass}>
              {t('tabs.collections')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/account/settings" className={tabClass}>
              {t('tabs.settings')}
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className="mt-6">{children}</div>
    </div>
  );
}
