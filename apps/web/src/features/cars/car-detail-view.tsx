import type { CarDetail } from '@bm/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { JoinUsDialog, useJoinPrompt } from '../../components/join-us-dialog';
import { DetailArticle } from '../../components/back-link';
import { Markdown } from '../../components/markdown';
import { StarRating } from '../../components/star-rating';
import { Button, Count, Time } from '../../components/ui';
import { statusOf, useAuth } from '../../lib/auth';
import { changedSinceCreated } from '../../lib/format';
import { AddToCollectionButton } from '../collections';
import { DetailBanner } from '../item-detail';
import { CarCodeBox } from './car-code-box';
import { CarInfo, Creator } from './car-info';
import { CarLoadoutView } from './car-loadout';
import { Votes } from './car-votes';
import { useCarsT, useRatingValue } from './cars-text';
import { OwnerMenu } from './owner-menu';
import { useCarActions } from './use-car-actions';
import { useCopyCode, useCountView } from './use-car-counters';

// The report form loads when a member first opens it, not with the page.
const CarReportDialog = lazy(() => import('./car-report-dialog').then((m) => ({ default: m.CarReportDialog })));

/** A car's page once the car is there: banner, header with rating and votes, code, description, loadout, info. */
export function CarDetailView({ car }: { car: CarDetail }) {
  const t = useCarsT();
  const ratingValue = useRatingValue();
  const auth = useAuth();
  const signedIn = statusOf(auth) === 'authenticated';
  const isOwner = signedIn && auth.member?.id === car.member.id;
  const { joinOpen, closeJoin, askToJoin } = useJoinPrompt();
  const codeRef = useRef<HTMLElement>(null);

  useCountView(car.id, true);
  const { copied, copy } = useCopyCode(car.id, car.code, codeRef);

  const { rating, myStars, isRating, onRate, vote, pin, remove, onDelete } = useCarActions(car, signedIn, askToJoin);

  const onVote = (type: 'U' | 'D') => {
    const cast = () => vote.mutate(car.myVote === type ? 'N' : type);
    if (!signedIn) askToJoin(cast);
    else cast();
  };

  const updated = changedSinceCreated(car.createdAt, car.updatedAt);
  const creatorName = car.member?.displayName || null;

  return (
    <DetailArticle backTo="/cars" backText={t('detail.backToCars')} className="max-w-7xl">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <DetailBanner url={car.bannerUrl} className="aspect-video max-h-[28rem]" />

          <header className="space-y-4">
            <div className="flex items-start justify-between gap-3">
              <h1 className="min-w-0 break-words text-3xl font-bold text-white sm:text-4xl">{car.name}</h1>
              {isOwner && (
                <OwnerMenu
                  carId={car.id}
                  isPinned={car.isPinned}
                  busy={pin.isPending || remove.isPending}
                  onTogglePin={() => pin.mutate(!car.isPinned)}
                  onDelete={onDelete}
                />
              )}
            </div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-400">
              <Creator name={creatorName} avatarUrl={car.member?.avatarUrl ?? null} />
              <span>
                {updated ? t('detail.updated') : t('detail.created')}{' '}
                <Time value={updated ? car.updatedAt : car.createdAt} />
              </span>
              <span className="rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-medium text-sky-300">
                {car.bodyName}
              </span>
            </div>
            <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
              <div className="flex items-center gap-2">
                <StarRating
                  value={myStars ?? rating.averageRating}
                  selected={myStars}
                  onRate={onRate}
                  label={t('detail.rateLabel')}
                  size="lg"
                  disabled={isRating}
                />
                <span className="text-sm text-slate-400">
                  {myStars
                    ? t('detail.yourRating', { stars: myStars })
                    : ratingValue(rating.averageRating, rating.ratingCount)}
                </span>
              </div>
              <p className="flex gap-4 text-sm text-slate-300">
                <span>
                  <Count value={car.views} className="font-bold text-white" /> {t('card.views', { count: car.views })}
                </span>
                <span>
                  <Count value={car.codeCopies} className="font-bold text-white" />{' '}
                  {t('card.copies', { count: car.codeCopies })}
                </span>
              </p>
              <Votes car={car} onVote={onVote} busy={vote.isPending} />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void copy()} size="lg">
                {copied ? t('detail.copied') : t('detail.copyCarCode')}
              </Button>
              <AddToCollectionButton kind="car" id={car.id} name={car.name} />
              {!isOwner && <ReportCarButton carId={car.id} signedIn={signedIn} onJoin={askToJoin} />}
              <span role="status" aria-live="polite" className="sr-only">
                {copied ? t('detail.copiedAnnouncement') : ''}
              </span>
            </div>
          </header>

          <CarCodeBox code={car.code} copied={copied} onCopy={() => void copy()} codeRef={codeRef} />

          <section aria-labelledby="car-description">
            <h2 id="car-description" className="mb-3 text-lg font-semibold text-white">
              {t('detail.description')}
            </h2>
            {car.description.trim() ? (
              <Markdown
                html={car.descriptionHtml}
                className="rounded-xl border border-slate-800 bg-slate-900/40 p-5 [&>:first-child]:mt-0!"
              />
            ) : (
              <p className="text-slate-400">{t('detail.noDescription')}</p>
            )}
          </section>

          <section aria-labelledby="car-loadout">
            <h2 id="car-loadout" className="mb-3 text-lg font-semibold text-white">
              {t('detail.loadout')}
            </h2>
            <CarLoadoutView loadout={car.loadout} />
          </section>
        </div>

        <CarInfo car={car} creatorName={creatorName} rating={rating} isOwner={isOwner} />
      </div>

      <JoinUsDialog
        open={joinOpen}
        onClose={closeJoin}
        title={t('join.title')}
        description={t('join.description')}
        benefits={[t('join.benefitRate'), t('join.benefitUpload'), t('join.benefitConnect')]}
      />
    </DetailArticle>
  );
}

/** Report, for anyone but the owner: the form for members, the join dialog for visitors. */
function ReportCarButton({
  carId,
  signedIn,
  onJoin,
}: {
  carId: number;
  signedIn: boolean;
  onJoin: (then?: () => void) => void;
}) {
  const t = useCarsT();
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <Button
        size="lg"
        variant="ghost"
        onClick={() => (signedIn ? setReporting(true) : onJoin(() => setReporting(true)))}
      >
        {t('detail.report')}
      </Button>
      {reporting && (
        <Suspense fallback={null}>
          <CarReportDialog carId={carId} open={reporting} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </>
  );
}
