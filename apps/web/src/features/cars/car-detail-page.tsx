import { exactNumber, type CarDetail, type CarRating, type CarVoteType } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { JoinUsDialog } from '../../components/join-us-dialog';
import { Markdown } from '../../components/markdown';
import { StarRating } from '../../components/star-rating';
import { Avatar, Button, ButtonLink, Count, LoadingState, Time, cx, focusRing, useConfirm } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText, isApiError } from '../../lib/api';
import { ItemNotFound } from '../not-found';
import { statusOf, useAuth } from '../../lib/auth';
import { changedSinceCreated } from '../../lib/format';
import { routeId } from '../../lib/redirect';
import { toast } from '../../lib/toast';
import { carDetailQuery, carKeys, carRatingQuery, carsApi, patchCarDetail } from './api';
import { CarCodeBox } from './car-code-box';
import { CarLoadoutView } from './car-loadout';
import { CAR_CARD_TEXT, CAR_DETAIL_TEXT as T, CAR_JOIN_TEXT } from './constants';
import { OwnerMenu } from './owner-menu';
import { useCopyCode, useCountView } from './use-car-counters';

/** Back one page when there is one in this tab, else to the list. */
function useGoBack() {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/cars');
  };
}

/** /cars/{id} (§2). */
export function CarDetailPage() {
  const id = routeId(useParams().id);
  const detail = useQuery({ ...carDetailQuery(id ?? 0), enabled: id !== null });
  // When the car arrives its page is rendered in the background, in slices, while the loader stays.
  const car = useDeferredValue(detail.data);
  const goBack = useGoBack();
  const notFound = id === null || (isApiError(detail.error) && detail.error.status === 404);
  useDocumentTitle(notFound ? T.notFoundTitle : (detail.data?.name ?? 'Car'));

  if (notFound) {
    return (
      <ItemNotFound title={T.notFoundTitle} body={T.notFoundBody}>
        <ButtonLink to="/cars">{T.browseCars}</ButtonLink>
      </ItemNotFound>
    );
  }
  if (detail.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <p role="alert" className="text-lg text-rose-200">
          {T.error}
        </p>
        <div className="mt-6 flex justify-center gap-2">
          <Button variant="outline" onClick={() => void detail.refetch()}>
            {T.retry}
          </Button>
          <Button variant="outline" onClick={goBack}>
            {T.goBack}
          </Button>
        </div>
      </div>
    );
  }
  if (!car) {
    // A screen tall, like the page it stands for: the footer does not jump when the car arrives.
    return <LoadingState text={T.loading} className="min-h-screen" />;
  }
  // Keyed by car: moving to another car starts its own copy state, banner and counters.
  return <CarDetailView key={car.id} car={car} />;
}

function CarDetailView({ car }: { car: CarDetail }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const auth = useAuth();
  const signedIn = statusOf(auth) === 'authenticated';
  const isOwner = signedIn && auth.member?.id === car.member.id;
  const [joinOpen, setJoinOpen] = useState(false);
  const [bannerFailed, setBannerFailed] = useState<string | null>(null);
  const codeRef = useRef<HTMLElement>(null);

  useCountView(car.id, true);
  const { copied, copy } = useCopyCode(car.id, car.code, codeRef);

  // The member's own rating is asked for on open (§2); until it answers, the detail's copy is used.
  const ratingQuery = useQuery({ ...carRatingQuery(car.id), enabled: signedIn });
  const rating: CarRating = ratingQuery.data ?? {
    myStars: car.myStars,
    averageRating: car.averageRating,
    ratingCount: car.ratingCount,
  };

  const rate = useMutation({
    mutationFn: (stars: number) => carsApi.rate(car.id, stars),
    onSuccess: (r) => {
      client.setQueryData(carKeys.rating(car.id), r);
      patchCarDetail(client, car.id, r);
    },
    onError: (err) => console.error('Car rating failed', err),
  });

  const vote = useMutation({
    mutationFn: (voteType: CarVoteType) => carsApi.vote(car.id, voteType).then((r) => ({ ...r, myVote: voteType })),
    onSuccess: (r) => patchCarDetail(client, car.id, r),
    onError: (err) => console.error('Car vote failed', err),
  });

  const pin = useMutation({
    mutationFn: (isPinned: boolean) => carsApi.setPinned(car.id, isPinned),
    onMutate: (isPinned) => {
      patchCarDetail(client, car.id, { isPinned });
      return { was: !isPinned };
    },
    onSuccess: (r) => {
      patchCarDetail(client, car.id, { isPinned: r.isPinned });
      toast.success(r.isPinned ? T.pinned : T.unpinned);
      void client.invalidateQueries({ queryKey: carKeys.lists() });
    },
    onError: (_err, _v, ctx) => {
      if (ctx) patchCarDetail(client, car.id, { isPinned: ctx.was });
      toast.error(T.pinFailed);
    },
  });

  const confirm = useConfirm();
  const remove = useMutation({
    mutationFn: () => carsApi.remove(car.id),
    onSuccess: () => {
      client.removeQueries({ queryKey: carKeys.detail(car.id) });
      void client.invalidateQueries({ queryKey: carKeys.lists() });
      void client.invalidateQueries({ queryKey: carKeys.bodies() });
      toast.success(T.deleted);
      void navigate('/cars', { replace: true });
    },
    onError: (err) => toast.error(errorText(err, T.deleteFailed)),
  });

  const onRate = (stars: number) => {
    if (!signedIn) setJoinOpen(true);
    else rate.mutate(stars);
  };
  const onVote = (type: 'U' | 'D') => {
    if (!signedIn) setJoinOpen(true);
    else vote.mutate(car.myVote === type ? 'N' : type);
  };
  const onDelete = async () => {
    if (await confirm({ title: T.confirmDelete(car.name), confirmLabel: T.delete, destructive: true })) remove.mutate();
  };

  const shownStars = rate.isPending ? (rate.variables ?? rating.myStars) : rating.myStars;
  const updated = changedSinceCreated(car.createdAt, car.updatedAt);
  const creatorName = car.member?.displayName || null;

  return (
    <article className="mx-auto max-w-7xl px-4 py-8">
      <Link
        to="/cars"
        className={cx('mb-4 inline-flex items-center gap-1 rounded text-sm text-slate-400 hover:text-white', focusRing)}
      >
        <span aria-hidden="true">←</span> {T.backToCars}
      </Link>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          {car.bannerUrl && bannerFailed !== car.bannerUrl && (
            <div className="aspect-video max-h-[28rem] w-full overflow-hidden rounded-2xl border border-slate-800 bg-slate-900">
              <img
                src={car.bannerUrl}
                alt=""
                fetchPriority="high"
                className="h-full w-full object-cover"
                onError={() => setBannerFailed(car.bannerUrl)}
              />
            </div>
          )}

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
                {updated ? T.updated : T.created} <Time value={updated ? car.updatedAt : car.createdAt} />
              </span>
              <span className="rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-medium text-sky-300">
                {car.bodyName}
              </span>
            </div>
            <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
              <div className="flex items-center gap-2">
                <StarRating
                  value={shownStars ?? rating.averageRating}
                  selected={shownStars}
                  onRate={onRate}
                  label={T.rateLabel}
                  size="lg"
                  disabled={rate.isPending}
                />
                <span className="text-sm text-slate-400">
                  {shownStars ? T.yourRating(shownStars) : T.ratingValue(rating.averageRating, rating.ratingCount)}
                </span>
              </div>
              <p className="flex gap-4 text-sm text-slate-300">
                <span>
                  <Count value={car.views} className="font-bold text-white" /> {CAR_CARD_TEXT.views(car.views)}
                </span>
                <span>
                  <Count value={car.codeCopies} className="font-bold text-white" />{' '}
                  {CAR_CARD_TEXT.copies(car.codeCopies)}
                </span>
              </p>
              <Votes car={car} onVote={onVote} busy={vote.isPending} />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void copy()} size="lg">
                {copied ? T.copied : T.copyCarCode}
              </Button>
              <span role="status" aria-live="polite" className="sr-only">
                {copied ? T.copiedAnnouncement : ''}
              </span>
            </div>
          </header>

          <CarCodeBox code={car.code} copied={copied} onCopy={() => void copy()} codeRef={codeRef} />

          <section aria-labelledby="car-description">
            <h2 id="car-description" className="mb-3 text-lg font-semibold text-white">
              {T.description}
            </h2>
            {car.description.trim() ? (
              <Markdown
                html={car.descriptionHtml}
                className="rounded-xl border border-slate-800 bg-slate-900/40 p-5 [&>:first-child]:mt-0!"
              />
            ) : (
              <p className="text-slate-400">{T.noDescription}</p>
            )}
          </section>

          <section aria-labelledby="car-loadout">
            <h2 id="car-loadout" className="mb-3 text-lg font-semibold text-white">
              {T.loadout}
            </h2>
            <CarLoadoutView loadout={car.loadout} />
          </section>
        </div>

        <aside
          aria-labelledby="car-info"
          className="h-fit rounded-2xl border border-slate-800 bg-slate-900/70 p-5 lg:sticky lg:top-20"
        >
          <h2 id="car-info" className="mb-4 text-lg font-semibold text-white">
            {T.info}
          </h2>
          <dl className="space-y-3 text-sm">
            <InfoRow label={T.creator}>
              {creatorName ? (
                <Link
                  to={`/members/${encodeURIComponent(creatorName)}`}
                  className={cx('rounded text-sky-400 hover:text-sky-300', focusRing)}
                >
                  {creatorName}
                </Link>
              ) : (
                T.unknown
              )}
            </InfoRow>
            <InfoRow label={T.createdLabel}>
              <Time value={car.createdAt} />
            </InfoRow>
            <InfoRow label={T.lastUpdated}>
              <Time value={car.updatedAt} />
            </InfoRow>
            <InfoRow label={T.viewsLabel}>{exactNumber(car.views)}</InfoRow>
            <InfoRow label={T.copiesLabel}>{exactNumber(car.codeCopies)}</InfoRow>
            <InfoRow label={T.globalRating}>
              <span data-testid="global-rating">{T.ratingValue(rating.averageRating, rating.ratingCount)}</span>
            </InfoRow>
          </dl>
          <p className="mt-2 text-xs text-slate-400">{T.ratingNote}</p>
          {isOwner && (
            <ButtonLink to={`/cars/${car.id}/edit`} variant="outline" className="mt-5 w-full">
              {T.edit}
            </ButtonLink>
          )}
        </aside>
      </div>

      <JoinUsDialog
        open={joinOpen}
        onClose={() => setJoinOpen(false)}
        title={CAR_JOIN_TEXT.title}
        description={CAR_JOIN_TEXT.description}
        benefits={CAR_JOIN_TEXT.benefits}
      />
    </article>
  );
}

function Creator({ name, avatarUrl }: { name: string | null; avatarUrl: string | null }) {
  if (!name) return <span>{T.unknown}</span>;
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

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-slate-400">{label}</dt>
      <dd className="text-right font-medium text-slate-100">{children}</dd>
    </div>
  );
}

function Votes({ car, onVote, busy }: { car: CarDetail; onVote: (t: 'U' | 'D') => void; busy: boolean }) {
  const item = (type: 'U' | 'D', label: string, count: number, path: string) => (
    <button
      type="button"
      aria-pressed={car.myVote === type}
      aria-label={`${label} ${count}`}
      disabled={busy}
      onClick={() => onVote(type)}
      className={cx(
        'inline-flex h-9 items-center gap-1.5 rounded-lg border px-3 text-sm',
        car.myVote === type
          ? 'border-sky-500 bg-sky-500/15 text-sky-300'
          : 'border-slate-700 text-slate-300 hover:bg-slate-800',
        focusRing,
      )}
    >
      <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
        <path d={path} />
      </svg>
      {count}
    </button>
  );
  return (
    <div className="flex gap-2">
      {item('U', T.upvote, car.upvotes, 'M10 3l6 7h-4v7H8v-7H4l6-7z')}
      {item('D', T.downvote, car.downvotes, 'M10 17l-6-7h4V3h4v7h4l-6 7z')}
    </div>
  );
}
