import type { Car } from '@bm/core';
import { Link } from 'react-router';
import { StarRating } from '../../components/star-rating';
import { cx, focusRing } from '../../components/ui';
import { compactNumber, exactNumber, oneDecimal } from '../../lib/format';
import { CardAddToCollection } from '../collections';
import { CarBanner } from './car-banner';
import { useCarsT } from './cars-text';

function Counts({ car }: { car: Car }) {
  const t = useCarsT();
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-400">
      <span title={exactNumber(car.views)}>
        <span className="font-semibold text-slate-200">{compactNumber(car.views)}</span>{' '}
        {t('card.views', { count: car.views })}
      </span>
      <span title={exactNumber(car.codeCopies)}>
        <span className="font-semibold text-slate-200">{compactNumber(car.codeCopies)}</span>{' '}
        {t('card.copies', { count: car.codeCopies })}
      </span>
    </p>
  );
}

function Rating({ car }: { car: Car }) {
  const t = useCarsT();
  if (car.ratingCount === 0) return <span className="text-xs text-slate-400">{t('card.noRatings')}</span>;
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-slate-300">
      <StarRating value={car.averageRating} size="sm" />
      <span aria-hidden="true">{oneDecimal(car.averageRating)}</span>
    </span>
  );
}

function BodyBadge({ car }: { car: Car }) {
  return (
    <span className="inline-flex max-w-full truncate rounded-full bg-slate-800 px-2 py-0.5 text-xs font-medium text-sky-300">
      {car.bodyName}
    </span>
  );
}

/**
 * A car in the list: the whole card links to its page. Grid cards stack the banner over the text;
 * list rows put a small banner beside it.
 */
export function CarCard({
  car,
  variant = 'grid',
  priority = false,
}: {
  car: Car;
  variant?: 'grid' | 'list';
  /** The first card of a list: its banner is the page's largest image. */ priority?: boolean;
}) {
  const t = useCarsT();
  // One link stretched over the whole card (named by the car), with the creator's own link above it: links cannot nest.
  const frame = cx(
    'group relative block overflow-hidden rounded-xl border border-slate-800 bg-slate-900/70 transition-colors hover:border-sky-500/60 hover:bg-slate-900 focus-within:border-sky-500/60',
  );
  const title = (
    <h3 className="truncate text-base font-semibold text-white group-hover:text-sky-300" title={car.name}>
      <Link to={`/cars/${car.id}`} className={cx('rounded after:absolute after:inset-0 after:content-[""]', focusRing)}>
        {car.name}
      </Link>
    </h3>
  );
  const creator = (
    <p className="truncate text-sm text-slate-400">
      {t('card.by')}{' '}
      <Link
        to={`/members/${encodeURIComponent(car.member.displayName)}`}
        className={cx('relative z-10 rounded text-slate-200 hover:text-sky-300 hover:underline', focusRing)}
      >
        {car.member.displayName}
      </Link>
    </p>
  );
  // Signed-in members only: above the stretched link, over the banner (grid) or in the row's corner (list).
  const addToCollection = (place: string) => (
    <CardAddToCollection kind="car" id={car.id} name={car.name} className={place} />
  );

  if (variant === 'list') {
    return (
      <div data-testid="car-card" className={cx(frame, 'flex items-stretch gap-4 p-3')}>
        <div className="relative aspect-video w-28 shrink-0 overflow-hidden rounded-lg sm:w-40">
          <CarBanner name={car.name} url={car.bannerUrl} className="text-3xl" priority={priority} />
        </div>
        <div className="flex min-w-0 flex-1 flex-col justify-center gap-1.5">
          {title}
          {creator}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1.5">
            <BodyBadge car={car} />
            <Counts car={car} />
            <Rating car={car} />
          </div>
        </div>
        {addToCollection('bottom-2 right-2')}
      </div>
    );
  }

  return (
    <div data-testid="car-card" className={cx(frame, 'flex h-full flex-col')}>
      <div className="relative aspect-video overflow-hidden">
        <CarBanner
          name={car.name}
          url={car.bannerUrl}
          priority={priority}
          className="transition-transform duration-300 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {title}
        {creator}
        <div>
          <BodyBadge car={car} />
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
          <Counts car={car} />
          <Rating car={car} />
        </div>
      </div>
      {addToCollection('right-2 top-2')}
    </div>
  );
}
