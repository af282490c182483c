import { FEED_PATHS } from '@bm/core';
import { FeedLink } from '../../components/feed-link';
import { MEMBER_PAGE_SIZE, type FollowResponse, type MemberProfile, type RepResponse } from '@bm/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { FollowButton } from '../../components/follow-button';
import { ItemBanner } from '../../components/item-banner';
import { Markdown } from '../../components/markdown';
import { Pagination } from '../../components/pagination';
import { ListTop } from '../../components/list-top';
import { Avatar, Button, ButtonLink, Time, cx, focusRing } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { isApiError } from '../../lib/api';
import { compactNumber } from '../../lib/format';
import { statusOf, useAuth } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { type ContentItem, contentQuery, memberKeys, membersApi, profileQuery, sortContent } from './api';
import { QUIP_KEYS, useMembersT } from './members-text';
import { MemberCollections } from '../collections';
import { RepButton } from './rep-button';
import { SocialLinks } from './social-links';
import { SupportLink } from '../../components/support-link';
import { SkeletonCard } from '../../components/skeleton-card';
import { TitledSection } from '../../components/titled-section';

/** /members/{username} (§2 Member profile). */
export function MemberProfilePage() {
  const username = (useParams().username ?? '').trim();
  if (!username) return <MemberNotFound name="" invalid />;
  // Keyed by name: another member starts on page 1 with their own state.
  return <Profile key={username.toLowerCase()} username={username} />;
}

function Profile({ username }: { username: string }) {
  const auth = useAuth();
  const t = useMembersT();
  const signedIn = statusOf(auth) === 'authenticated';
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery(username));
  // When the profile arrives the page is rendered in the background, in slices, while the skeleton stays.
  const p = useDeferredValue(profile.data);
  const notFound = isApiError(profile.error) && profile.error.status === 404;
  useDocumentTitle(notFound ? t('profile.notFoundTitle') : (profile.data?.member.displayName ?? username));

  if (notFound) return <MemberNotFound name={username} />;
  if (profile.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <div role="alert" className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-6 py-10">
          <p className="text-rose-200">{t('profile.loadFailed')}</p>
          <Button className="mt-4" variant="outline" onClick={() => void profile.refetch()}>
            {t('profile.tryAgain')}
          </Button>
        </div>
      </div>
    );
  }
  if (!p) return <ProfileSkeleton />;

  const isOwner = signedIn && auth.member?.id === p.member.id;
  const onRep = (state: RepResponse | FollowResponse) =>
    queryClient.setQueryData<MemberProfile>(memberKeys.profile(username), (old) => (old ? { ...old, ...state } : old));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <FeedLink
        title={t('profile.feedTitle', { username: p.member.displayName })}
        href={FEED_PATHS.member(p.member.displayName)}
      />
      <header className="flex flex-col gap-6 rounded-2xl border border-slate-800 bg-slate-900/60 p-5 sm:flex-row sm:items-center sm:p-6">
        <Avatar url={p.member.avatarUrl} name={p.member.displayName} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="break-words text-3xl font-bold text-white">{p.member.displayName}</h1>
          <p className="mt-1 text-sm text-slate-400">
            {t('profile.joined')} <Time value={p.member.joinDateTime} />
          </p>
          <dl aria-label={t('profile.counters')} className="mt-4 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:gap-6">
            <Counter label={t('profile.plugins')} value={p.pluginCount} />
            <Counter label={t('profile.downloads')} value={p.totalDownloads} />
            <Counter label={t('profile.views')} value={p.totalViews} />
            <Counter label={t('profile.rep')} value={p.reputation} testId="rep-counter" />
            <Counter label={t('profile.followers')} value={p.followerCount} testId="followers-counter" />
          </dl>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <SupportLink url={p.supportUrl} author={p.member.displayName} />
          {isOwner ? (
            <ButtonLink to="/settings/profile" variant="outline">
              {t('profile.editProfile')}
            </ButtonLink>
          ) : (
            <FollowButton
              name={p.member.displayName}
              isFollowing={p.isFollowing}
              followerCount={p.followerCount}
              signedIn={signedIn}
              send={(follow) => membersApi.setFollow(p.member.displayName, follow)}
              onChange={onRep}
            />
          )}
          {!isOwner && (
            <RepButton
              username={p.member.displayName}
              reputation={p.reputation}
              hasGivenRep={p.hasGivenRep}
              signedIn={signedIn}
              send={(give) => membersApi.setRep(p.member.displayName, give)}
              onChange={onRep}
            />
          )}
        </div>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <aside className="min-w-0 space-y-6">
          <ProfileBox title={t('profile.about')}>
            {p.bioMarkdown.trim() ? <Markdown html={p.bioHtml} className="break-words" /> : <Quip />}
          </ProfileBox>
          <ProfileBox title={t('profile.socials')}>
            <SocialLinks socials={p.socials} name={p.member.displayName} />
          </ProfileBox>
        </aside>
        <ContentGrid username={username} isOwner={isOwner} />
      </div>
      <MemberCollections username={p.member.displayName} />
    </div>
  );
}

/** A box of the profile's side column (About, Socials), named by its heading. */
function ProfileBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <TitledSection
      title={title}
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-5"
      headingClassName="mb-3 text-lg font-semibold text-white"
    >
      {children}
    </TitledSection>
  );
}

function Counter({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <div className="rounded-lg bg-slate-950/40 px-3 py-2" data-testid={testId}>
      <dt className="text-xs uppercase tracking-wide text-slate-400">{label}</dt>
      <dd className="text-xl font-bold text-white tabular-nums" title={String(value)}>
        {compactNumber(value)}
      </dd>
    </div>
  );
}

/** A random quip for an empty bio, chosen once per visit. */
function Quip() {
  const t = useMembersT();
  const [quip] = useState(() => QUIP_KEYS[Math.floor(Math.random() * QUIP_KEYS.length)]!);
  return (
    <p className="text-sm italic text-slate-400" data-testid="profile-quip">
      {t(quip)}
    </p>
  );
}

/** The member's plugins and cars in one grid, 16 a page; the owner can pin and unpin. */
function ContentGrid({ username, isOwner }: { username: string; isOwner: boolean }) {
  const queryClient = useQueryClient();
  const t = useMembersT();
  const content = useQuery(contentQuery(username));
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const key = memberKeys.content(username);

  const togglePin = (item: ContentItem) => {
    const id = `${item.kind}-${item.id}`;
    if (busy.has(id)) return;
    const before = queryClient.getQueryData<ContentItem[]>(key);
    const set = (isPinned: boolean) =>
      queryClient.setQueryData<ContentItem[]>(key, (old) =>
        old ? sortContent(old.map((i) => (i.kind === item.kind && i.id === item.id ? { ...i, isPinned } : i))) : old,
      );
    setBusy((b) => new Set(b).add(id));
    set(!item.isPinned);
    membersApi
      .setPinned(item, !item.isPinned)
      .then(
        (res) => set(res.isPinned),
        () => {
          if (before) queryClient.setQueryData(key, before);
          toast.error(t('profile.pinFailed'));
        },
      )
      .finally(() =>
        setBusy((b) => {
          const next = new Set(b);
          next.delete(id);
          return next;
        }),
      );
  };

  const items = content.data ?? [];
  const totalPages = Math.max(1, Math.ceil(items.length / MEMBER_PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const shown = items.slice((current - 1) * MEMBER_PAGE_SIZE, current * MEMBER_PAGE_SIZE);

  return (
    <section aria-labelledby="content-heading" className="min-w-0">
      <h2 id="content-heading" className="mb-4 text-xl font-semibold text-white">
        {t('profile.content')}
        {content.data && <span className="ml-2 text-sm font-normal text-slate-400">({items.length})</span>}
      </h2>
      {content.isError ? (
        <div role="alert" className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-6 py-10 text-center">
          <p className="text-rose-200">{t('profile.contentFailed')}</p>
          <Button className="mt-4" variant="outline" onClick={() => void content.refetch()}>
            {t('profile.tryAgain')}
          </Button>
        </div>
      ) : !content.data ? (
        <GridSkeleton />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-slate-800 bg-slate-900/50 px-6 py-10 text-center text-slate-400">
          {t('profile.contentEmpty')}
        </p>
      ) : (
        <>
          <ListTop watch={String(current)} />
          <ul aria-label={t('profile.contentList')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {shown.map((item) => (
              <li key={`${item.kind}-${item.id}`}>
                <ContentCard
                  item={item}
                  isOwner={isOwner}
                  busy={busy.has(`${item.kind}-${item.id}`)}
                  onTogglePin={() => togglePin(item)}
                />
              </li>
            ))}
          </ul>
          <Pagination className="mt-6" page={current} totalPages={totalPages} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}

function ContentCard({
  item,
  isOwner,
  busy,
  onTogglePin,
}: {
  item: ContentItem;
  isOwner: boolean;
  busy: boolean;
  onTogglePin: () => void;
}) {
  const t = useMembersT();
  const href = item.kind === 'plugin' ? `/plugin/${item.id}` : `/cars/${item.id}`;
  return (
    <article
      data-testid="profile-item"
      data-kind={item.kind}
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-800 bg-slate-900/70 transition-colors hover:border-sky-500/60 focus-within:border-sky-500/60"
    >
      <div className="relative aspect-video overflow-hidden">
        <ItemBanner name={item.name} url={item.bannerUrl} testId={`${item.kind}-placeholder`} />
        <span className="absolute left-2 top-2 rounded-full bg-slate-950/80 px-2 py-0.5 text-xs font-semibold text-slate-100">
          {item.kind === 'plugin' ? t('profile.plugin') : t('profile.car')}
        </span>
        {item.isPinned && (
          <span className="absolute right-2 top-2 rounded-full bg-amber-400/90 px-2 py-0.5 text-xs font-semibold text-slate-950">
            {t('profile.pinned')}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="truncate text-base font-semibold text-white group-hover:text-sky-300" title={item.name}>
          <Link to={href} className={cx('rounded after:absolute after:inset-0 after:content-[""]', focusRing)}>
            {item.name}
          </Link>
        </h3>
        {item.description && (
          <p className="line-clamp-2 break-words text-sm text-slate-300">{plainText(item.description)}</p>
        )}
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          <p className="flex flex-wrap gap-x-3 text-xs text-slate-400">
            <span title={String(item.uses)}>
              <span className="font-semibold text-slate-200">{compactNumber(item.uses)}</span>{' '}
              {item.kind === 'plugin'
                ? t('profile.downloadCount', { count: item.uses })
                : t('profile.copyCount', { count: item.uses })}
            </span>
            <span title={String(item.views)}>
              <span className="font-semibold text-slate-200">{compactNumber(item.views)}</span>{' '}
              {t('profile.viewCount', { count: item.views })}
            </span>
          </p>
          {isOwner && (
            <button
              type="button"
              onClick={onTogglePin}
              disabled={busy}
              aria-pressed={item.isPinned}
              aria-label={t('profile.pinLabel', { name: item.name })}
              className={cx(
                'relative z-10 inline-flex h-8 items-center gap-1 rounded-lg border px-2 text-xs font-semibold',
                focusRing,
                item.isPinned
                  ? 'border-amber-400/60 bg-amber-400/15 text-amber-200'
                  : 'border-slate-700 text-slate-300 hover:text-white',
              )}
            >
              <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="currentColor" aria-hidden="true">
                <path d="M15 3l6 6-2 1-3 3 .5 5L15 20l-4-4-5 5-1-1 5-5-4-4 2-1.5 5 .5 3-3z" />
              </svg>
              {t('profile.pin')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

/** Car descriptions are markdown: the card shows their words only. */
function plainText(markdown: string): string {
  return markdown
    .replace(/[#>*_`~]+/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

function ProfileSkeleton() {
  const t = useMembersT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8" aria-busy="true">
      <p role="status" className="sr-only">
        {t('profile.loading')}
      </p>
      <div
        className="flex animate-pulse flex-col gap-6 rounded-2xl border border-slate-800 bg-slate-900/60 p-6 sm:flex-row sm:items-center"
        aria-hidden="true"
      >
        <div className="h-20 w-20 rounded-full bg-slate-800" />
        <div className="flex-1 space-y-3">
          <div className="h-7 w-48 rounded bg-slate-800" />
          <div className="h-4 w-32 rounded bg-slate-800" />
          <div className="flex gap-4">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="h-14 w-20 rounded-lg bg-slate-800" />
            ))}
          </div>
        </div>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[20rem_minmax(0,1fr)]" aria-hidden="true">
        <div className="h-48 animate-pulse rounded-2xl bg-slate-900" />
        <GridSkeleton />
      </div>
    </div>
  );
}

function GridSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true" data-testid="content-skeleton">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <SkeletonCard key={i} as="div" bars={['h-4 w-3/4', 'h-3 w-1/2']} />
      ))}
    </div>
  );
}

/** An unknown name: says so, with ways on. */
function MemberNotFound({ name, invalid = false }: { name: string; invalid?: boolean }) {
  const t = useMembersT();
  useDocumentTitle(t('profile.notFoundTitle'));
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold text-white">{t('profile.notFoundTitle')}</h1>
      <p className="mt-4 break-words text-slate-300">
        {invalid ? t('profile.invalidUsername') : t('profile.notFoundBody', { name })}
      </p>
      <nav aria-label={t('profile.suggested')} className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">{t('profile.goHome')}</ButtonLink>
        <ButtonLink to="/plugins" variant="outline">
          {t('profile.browsePlugins')}
        </ButtonLink>
        <ButtonLink to="/cars" variant="outline">
          {t('profile.browseCars')}
        </ButtonLink>
      </nav>
    </section>
  );
}
