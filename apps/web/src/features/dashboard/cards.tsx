import { isCarActive, pluginDisplayStatus, type Car, type Plugin, type PluginDisplayStatus } from '@bm/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink, Time, cx, focusRing } from '../../components/ui';
import { compactNumber, exactNumber } from '../../lib/format';
import { CarBanner } from '../cars';
import { PluginBanner } from '../plugins';
import { STATUS_KEYS, useDashboardT } from './dashboard-text';

type Tone = 'amber' | 'emerald' | 'slate' | 'sky' | 'rose';
const TONES: Record<Tone, string> = {
  amber: 'border-amber-500/40 bg-amber-500/15 text-amber-200',
  emerald: 'border-emerald-500/40 bg-emerald-500/15 text-emerald-200',
  slate: 'border-slate-600 bg-slate-800 text-slate-200',
  sky: 'border-sky-500/40 bg-sky-500/15 text-sky-200',
  rose: 'border-rose-500/40 bg-rose-500/15 text-rose-200',
};

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span className={cx('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium', TONES[tone])}>
      {children}
    </span>
  );
}

const STATUS_TONE: Record<PluginDisplayStatus, Tone> = { Pending: 'amber', Published: 'emerald', Draft: 'slate' };

export function PluginStatusBadge({ plugin }: { plugin: Pick<Plugin, 'needsApproval' | 'publishedOnce'> }) {
  const t = useDashboardT();
  const status = pluginDisplayStatus(plugin);
  return <Badge tone={STATUS_TONE[status]}>{t(STATUS_KEYS[status])}</Badge>;
}

export function CarStatusBadge({ car }: { car: Pick<Car, 'status'> }) {
  const t = useDashboardT();
  return isCarActive(car.status) ? (
    <Badge tone="emerald">{t('badge.active')}</Badge>
  ) : (
    <Badge tone="rose">{t('badge.inactive')}</Badge>
  );
}

/** The name of the card's item, read by screen readers after a short button label ('Delete' + name). */
const named = (label: string, name: string) => (
  <>
    {label} <span className="sr-only">{name}</span>
  </>
);

interface CardActions {
  onPin: () => void;
  pinBusy: boolean;
  onStats: () => void;
  onDelete: () => void;
}

function DashCard({
  name,
  href,
  banner,
  badges,
  counts,
  updatedAt,
  isPinned,
  primary,
  actions,
}: {
  name: string;
  href: string;
  banner: ReactNode;
  badges: ReactNode;
  counts: ReactNode;
  updatedAt: string;
  isPinned: boolean;
  primary: ReactNode;
  actions: CardActions;
}) {
  const t = useDashboardT();
  return (
    <li
      className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-800 bg-slate-900/70"
      data-testid="dashboard-card"
    >
      <div className="relative aspect-[16/6] bg-slate-800">
        {banner}
        {isPinned && (
          <span className="absolute left-2 top-2">
            <Badge tone="sky">{t('badge.pinned')}</Badge>
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="truncate text-base font-semibold text-white" title={name}>
          <Link to={href} className={cx('rounded hover:text-sky-300', focusRing)}>
            {name}
          </Link>
        </h3>
        <div className="flex flex-wrap gap-1.5">{badges}</div>
        <p className="flex flex-wrap gap-x-3 text-xs text-slate-400">
          {counts}
          <span>
            {t('card.updated')} <Time value={updatedAt} />
          </span>
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {primary}
          <Button
            size="sm"
            variant="outline"
            aria-pressed={isPinned}
            disabled={actions.pinBusy}
            onClick={actions.onPin}
          >
            {named(isPinned ? t('card.unpin') : t('card.pin'), name)}
          </Button>
          <Button size="sm" variant="outline" onClick={actions.onStats}>
            {named(t('card.stats'), name)}
          </Button>
          <Button size="sm" variant="ghost" className="text-rose-300 hover:text-rose-200" onClick={actions.onDelete}>
            {named(t('card.delete'), name)}
          </Button>
        </div>
      </div>
    </li>
  );
}

/** A count as the compact rule writes it ('41.7k downloads'), the exact figure in its tooltip. */
function Count({ n, of }: { n: number; of: 'counts.downloads' | 'counts.copies' | 'counts.views' }) {
  const t = useDashboardT();
  return <span title={exactNumber(n)}>{t(of, { count: n, shown: compactNumber(n) })}</span>;
}

export function PluginDashCard({ plugin, ...actions }: { plugin: Plugin } & CardActions) {
  const t = useDashboardT();
  return (
    <DashCard
      name={plugin.name}
      href={`/plugin/${plugin.id}`}
      banner={<PluginBanner name={plugin.name} url={plugin.bannerImageUrl} />}
      badges={
        <>
          <PluginStatusBadge plugin={plugin} />
          <Badge tone={plugin.isListed ? 'sky' : 'slate'}>
            {plugin.isListed ? t('badge.listed') : t('badge.unlisted')}
          </Badge>
          <Badge tone={plugin.isPubliclyVisible ? 'emerald' : 'rose'}>
            {plugin.isPubliclyVisible ? t('badge.visible') : t('badge.hidden')}
          </Badge>
        </>
      }
      counts={
        <>
          <Count n={plugin.downloadCount} of="counts.downloads" />
          <Count n={plugin.viewCount} of="counts.views" />
        </>
      }
      updatedAt={plugin.updatedAt}
      isPinned={plugin.isPinned}
      primary={
        <ButtonLink size="sm" to={`/plugins/${plugin.id}/manage`}>
          {named(t('card.manage'), plugin.name)}
        </ButtonLink>
      }
      actions={actions}
    />
  );
}

export function CarDashCard({ car, ...actions }: { car: Car } & CardActions) {
  const t = useDashboardT();
  return (
    <DashCard
      name={car.name}
      href={`/cars/${car.id}`}
      banner={<CarBanner name={car.name} url={car.bannerUrl} />}
      badges={<CarStatusBadge car={car} />}
      counts={
        <>
          <Count n={car.codeCopies} of="counts.copies" />
          <Count n={car.views} of="counts.views" />
        </>
      }
      updatedAt={car.updatedAt}
      isPinned={car.isPinned}
      primary={
        <ButtonLink size="sm" to={`/cars/${car.id}/edit`}>
          {named(t('card.edit'), car.name)}
        </ButtonLink>
      }
      actions={actions}
    />
  );
}
