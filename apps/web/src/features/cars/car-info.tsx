import type { CarDetail, CarRating } from '@bm/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TitledSection } from '../../components/titled-section';
import { Avatar, ButtonLink, Time, cx, focusRing } from '../../components/ui';
import { exactNumber } from '../../lib/format';
import { useCarsT, useRatingValue } from './cars-text';

export function Creator({ name, avatarUrl }: { name: string | null; avatarUrl: string | null }) {
  const t = useCarsT();
  if (!name) return <span>{t('detail.unknown')}</span>;
  return (
    <Link
      to={`/members/${encodeURIComponent(name)}`}
      className={cx('inline-flex items-center gap-2 rounded text-slate-200 hover:text-white', focusRing)}
    >
      <Avatar url={avatarUrl} name={name} />
      <span>{name}</span>
    </Link>
  );
}

/** The side box of a car's page: who made it, when, its counts and global rating; Edit for its owner. */
export function CarInfo({
  car,
  creatorName,
  rating,
  isOwner,
}: {
  car: CarDetail;
  creatorName: string | null;
  rating: CarRating;
  isOwner: boolean;
}) {
  const t = useCarsT();
  const ratingValue = useRatingValue();
  return (
    <TitledSection
      as="aside"
      title={t('info.title')}
      className="h-fit rounded-2xl border border-slate-800 bg-slate-900/70 p-5 lg:sticky lg:top-20"
      headingClassName="mb-4 text-lg font-semibold text-white"
    >
      <dl className="space-y-3 text-sm">
        <InfoRow label={t('info.creator')}>
          {creatorName ? (
            <Link
              to={`/members/${encodeURIComponent(creatorName)}`}
              className={cx('rounded text-sky-400 hover:text-sky-300', focusRing)}
            >
              {creatorName}
            </Link>
          ) : (
            t('detail.unknown')
          )}
        </InfoRow>
        <InfoRow label={t('info.created')}>
          <Time value={car.createdAt} />
        </InfoRow>
        <InfoRow label={t('info.lastUpdated')}>
          <Time value={car.updatedAt} />
        </InfoRow>
        <InfoRow label={t('info.views')}>{exactNumber(car.views)}</InfoRow>
        <InfoRow label={t('info.copies')}>{exactNumber(car.codeCopies)}</InfoRow>
        <InfoRow label={t('info.globalRating')}>
          <span data-testid="global-rating">{ratingValue(rating.averageRating, rating.ratingCount)}</span>
        </InfoRow>
      </dl>
      <p className="mt-2 text-xs text-slate-400">{t('info.ratingNote')}</p>
      {isOwner && (
        <ButtonLink to={`/cars/${car.id}/edit`} variant="outline" className="mt-5 w-full">
          {t('owner.edit')}
        </ButtonLink>
      )}
    </TitledSection>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-slate-400">{label}</dt>
      <dd className="text-right font-medium text-slate-100">{children}</dd>
    </div>
  );
}
