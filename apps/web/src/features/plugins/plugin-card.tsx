import type { PluginCompatibility } from '@bm/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx, focusRing } from '../../components/ui';
import { compactNumber, exactNumber } from '../../lib/format';
import { CardAddToCollection } from '../collections';
import { CompatibilityBadge } from './compatibility/compatibility-badge';
import { PluginBanner } from './plugin-banner';
import { formatRating, usePluginsT } from './plugins-text';

/** What a card needs: a full plugin fits, and so does a member's content item with an author given. */
export interface PluginCardData {
  id: number;
  name: string;
  shortDescription: string;
  bannerImageUrl: string | null;
  downloadCount: number;
  viewCount: number;
  averageRating?: number;
  ratingCount?: number;
  author?: string | null;
  /** Its status for the current game version: a badge when given. */
  compatibility?: PluginCompatibility;
}

function Stats({ plugin }: { plugin: PluginCardData }) {
  const t = usePluginsT();
  const rated = (plugin.ratingCount ?? 0) > 0 && plugin.averageRating !== undefined;
  const rating = rated ? t('card.rating', { rating: formatRating(plugin.averageRating ?? 0) }) : t('card.noRatings');
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-400">
      {plugin.averageRating !== undefined && (
        <span title={rating} className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="text-amber-400">
            ★
          </span>
          <span className="font-semibold text-slate-200" aria-label={rating}>
            {rated ? formatRating(plugin.averageRating ?? 0) : '–'}
          </span>
        </span>
      )}
      <span title={exactNumber(plugin.downloadCount)}>
        <span className="font-semibold text-slate-200">{compactNumber(plugin.downloadCount)}</span>{' '}
        {t('card.downloads', { count: plugin.downloadCount })}
      </span>
      <span title={exactNumber(plugin.viewCount)}>
        <span className="font-semibold text-slate-200">{compactNumber(plugin.viewCount)}</span>{' '}
        {t('card.views', { count: plugin.viewCount })}
      </span>
    </p>
  );
}

/**
 * A plugin in a list (§2): banner or placeholder, name, short description, author, rating to one
 * decimal, downloads and views. Clickable cards link to /plugin/{id}; others are plain boxes.
 */
export function PluginCard({
  plugin,
  variant = 'grid',
  clickable = true,
  className,
  priority = false,
}: {
  plugin: PluginCardData;
  /** The first card of a list: its banner is the page's largest image. */
  priority?: boolean;
  variant?: 'grid' | 'list';
  clickable?: boolean;
  className?: string;
}) {
  const t = usePluginsT();
  // A clickable card is one link stretched over the whole card (its name is the plugin's name), with
  // the author's own link above it: links cannot nest.
  const frame = cx(
    'group relative overflow-hidden rounded-xl border border-slate-800 bg-slate-900/70',
    clickable && 'transition-colors hover:border-sky-500/60 hover:bg-slate-900 focus-within:border-sky-500/60',
    className,
  );
  const title = (
    <h3
      className={cx('truncate text-base font-semibold text-white', clickable && 'group-hover:text-sky-300')}
      title={plugin.name}
    >
      {clickable ? (
        <Link
          to={`/plugin/${plugin.id}`}
          className={cx('rounded after:absolute after:inset-0 after:content-[""]', focusRing)}
        >
          {plugin.name}
        </Link>
      ) : (
        plugin.name
      )}
    </h3>
  );
  const author = plugin.author ? (
    <p className="truncate text-sm text-slate-400">
      {t('card.by')}{' '}
      {clickable ? (
        <Link
          to={`/members/${encodeURIComponent(plugin.author)}`}
          className={cx('relative z-10 rounded text-slate-200 hover:text-sky-300 hover:underline', focusRing)}
        >
          {plugin.author}
        </Link>
      ) : (
        <span className="text-slate-200">{plugin.author}</span>
      )}
    </p>
  ) : null;
  const description = plugin.shortDescription ? (
    <p className={cx('text-sm text-slate-300', variant === 'grid' ? 'line-clamp-2' : 'line-clamp-1')}>
      {plugin.shortDescription}
    </p>
  ) : null;

  const wrap = (cls: string, children: ReactNode) => (
    <div className={cx(frame, cls)} data-testid="plugin-card">
      {children}
      {clickable && (
        <CardAddToCollection
          kind="plugin"
          id={plugin.id}
          name={plugin.name}
          className={variant === 'list' ? 'bottom-2 right-2' : 'right-2 top-2'}
        />
      )}
    </div>
  );

  if (variant === 'list') {
    return wrap(
      'flex items-stretch gap-4 p-3',
      <>
        <div className="relative aspect-video w-28 shrink-0 overflow-hidden rounded-lg sm:w-40">
          <PluginBanner name={plugin.name} url={plugin.bannerImageUrl} className="text-3xl" priority={priority} />
        </div>
        <div className="flex min-w-0 flex-1 flex-col justify-center gap-1">
          {title}
          {author}
          {description}
          <CompatibilityBadge compatibility={plugin.compatibility} className="self-start" />
          <Stats plugin={plugin} />
        </div>
      </>,
    );
  }

  return wrap(
    'flex h-full flex-col',
    <>
      <div className="relative aspect-video overflow-hidden">
        <PluginBanner
          name={plugin.name}
          url={plugin.bannerImageUrl}
          priority={priority}
          className={clickable ? 'transition-transform duration-300 group-hover:scale-105' : undefined}
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {title}
        {author}
        {description}
        <CompatibilityBadge compatibility={plugin.compatibility} className="self-start" />
        <div className="mt-auto pt-1">
          <Stats plugin={plugin} />
        </div>
      </div>
    </>,
  );
}
