import { pluginInstallLink, type Plugin, type PluginDetail } from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { JoinUsDialog } from '../../../components/join-us-dialog';
import { Markdown } from '../../../components/markdown';
import { StarRating } from '../../../components/star-rating';
import { useDropdown } from '../../../components/use-dropdown';
import { Button, ButtonLink, Count, Spinner, Switch, Time, cx, focusRing } from '../../../components/ui';
import { ItemNotFound } from '../../not-found';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useAuth, useIsAdmin, statusOf } from '../../../lib/auth';
import { changedSinceCreated } from '../../../lib/format';
import { routeId } from '../../../lib/redirect';
import { toast } from '../../../lib/toast';
import {
  patchPluginDetail,
  pluginCommentsQuery,
  pluginDetailQuery,
  pluginKeys,
  pluginRatingQuery,
  pluginsApi,
  pluginVersionsQuery,
} from '../api';
import { PLUGIN_DETAIL_TEXT as T, PLUGIN_JOIN_TEXT, REPORT_TEXT } from '../constants';
import { CommentsSection } from './comments';
import { useLiveComments } from './comment-cache';
import { claimPluginDownload, launchInstall, useCountPluginView } from './counters';
import { InstallDialog } from './install-dialog';

// The report form (and zod, which checks it) loads when a member first opens it, not with the page.
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

/** /plugin/{id} (§2). */
export function PluginDetailPage() {
  const id = routeId(useParams().id);
  const detail = useQuery({ ...pluginDetailQuery(id ?? 0), enabled: id !== null });
  const navigate = useNavigate();
  const notFound = id === null || (isApiError(detail.error) && detail.error.status === 404);
  // The page is large: when the plugin arrives it is rendered in the background, in slices, while the
  // loader stays (no long task between the answer and the first paint of the page).
  const plugin = useDeferredValue(detail.data);
  useDocumentTitle(notFound ? T.notFoundTitle : (detail.data?.name ?? 'Plugin'));

  if (notFound) {
    return (
      <ItemNotFound title={T.notFoundTitle} body={T.notFoundBody}>
        <ButtonLink to="/plugins">{T.browsePlugins}</ButtonLink>
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
          <Button variant="outline" onClick={() => void navigate('/plugins')}>
            {T.backToPlugins}
          </Button>
        </div>
      </div>
    );
  }
  if (!plugin) {
    // A screen tall, like the page it stands for: the footer stays below the fold until the plugin
    // arrives instead of jumping down then (layout shift).
    return (
      <div className="flex min-h-screen items-center justify-center gap-3 text-slate-300">
        <Spinner label={T.loading} />
        <span aria-hidden="true">{T.loading}</span>
      </div>
    );
  }
  return <PluginDetailView plugin={plugin} />;
}

type TabKey = 'details' | 'comments' | 'versions';

function PluginDetailView({ plugin }: { plugin: PluginDetail }) {
  const client = useQueryClient();
  const auth = useAuth();
  const signedIn = statusOf(auth) === 'authenticated';
  const isAdmin = useIsAdmin();
  const [sp, setSp] = useSearchParams();
  const [joinOpen, setJoinOpen] = useState(false);
  const [installOpen, setInstallOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  // Mounted from its first opening on, so closing keeps the dialog's own behaviour.
  const [reportWanted, setReportWanted] = useState(false);
  if (reportOpen && !reportWanted) setReportWanted(true);
  // Anyone but the owner may report; anonymous visitors are asked to join first.
  const isOwner = signedIn && auth.member?.id === plugin.member.id;
  const canReport = !isOwner;
  const [tab, setTab] = useState<TabKey>('details');
  const [bannerFailed, setBannerFailed] = useState<string | null>(null);
  const comments = useQuery(pluginCommentsQuery(plugin.id));

  useCountPluginView(plugin.id);
  useLiveComments(plugin.id);

  const onCount = (downloadCount: number) => patchPluginDetail(client, plugin.id, { downloadCount });
  // Only a plugin with an approved version can be installed; otherwise no protocol link is opened.
  const installable = plugin.versionString !== null;
  const install = () => {
    if (!installable) return;
    launchInstall(plugin.id, onCount);
    setInstallOpen(true);
  };

  // ?install=1 starts the install flow on arrival, once.
  const installStarted = useRef(false);
  useEffect(() => {
    if (installStarted.current || sp.get('install') !== '1') return;
    installStarted.current = true;
    install();
    setSp(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('install');
        return next;
      },
      { replace: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const lastDownloadUrl = useRef<string | null>(null);
  const download = useMutation({
    mutationFn: async () => {
      if (!claimPluginDownload(plugin.id) && lastDownloadUrl.current) return lastDownloadUrl.current;
      const r = await pluginsApi.countDownload(plugin.id);
      onCount(r.downloadCount);
      lastDownloadUrl.current = r.downloadUrl;
      return r.downloadUrl;
    },
    onSuccess: (url) => {
      if (url) window.location.assign(url);
      else toast.error(T.noDownload);
    },
    onError: () => toast.error(T.noDownload),
  });

  const rating = useQuery({ ...pluginRatingQuery(plugin.id), enabled: signedIn });
  const current = rating.data ?? {
    averageRating: plugin.averageRating,
    ratingCount: plugin.ratingCount,
    myStars: plugin.myStars,
  };
  const rate = useMutation({
    mutationFn: (stars: number) => pluginsApi.rate(plugin.id, stars),
    onSuccess: (r) => {
      client.setQueryData(pluginKeys.rating(plugin.id), r);
      patchPluginDetail(client, plugin.id, r);
    },
    onError: () => toast.error(T.rateFailed),
  });
  const onRate = (stars: number) => {
    if (!signedIn) setJoinOpen(true);
    else rate.mutate(stars);
  };

  const skip = useMutation({
    mutationFn: (value: boolean) => pluginsApi.setSkipBuildServer(plugin.id, value),
    onMutate: (value) => patchPluginDetail(client, plugin.id, { skipBuildServer: value }),
    onSuccess: (r) => patchPluginDetail(client, plugin.id, { skipBuildServer: r.skipBuildServer }),
    onError: (_e, value) => {
      patchPluginDetail(client, plugin.id, { skipBuildServer: !value });
      toast.error(T.skipBuildFailed);
    },
  });

  const feature = useMutation({
    mutationFn: (value: boolean) => pluginsApi.setFeatured(plugin.id, value),
    onMutate: (value) => patchPluginDetail(client, plugin.id, { isFeatured: value }),
    onSuccess: (r) => {
      patchPluginDetail(client, plugin.id, { isFeatured: r.isFeatured });
      void client.invalidateQueries({ queryKey: pluginKeys.featured() });
    },
    onError: (_e, value) => {
      patchPluginDetail(client, plugin.id, { isFeatured: !value });
      toast.error(T.featuredFailed);
    },
  });

  const edited = changedSinceCreated(plugin.createdAt, plugin.updatedAt);
  const authorName = plugin.member?.displayName || plugin.author;
  const commentCount = `${comments.data?.items.length ?? 0}${comments.data?.hasMore ? '+' : ''}`;
  const showBanner = plugin.bannerImageUrl && bannerFailed !== plugin.bannerImageUrl;

  return (
    <article className="mx-auto max-w-7xl px-4 py-8">
      <Link
        to="/plugins"
        className={cx('mb-4 inline-flex items-center gap-1 rounded text-sm text-slate-400 hover:text-white', focusRing)}
      >
        <span aria-hidden="true">←</span> {T.backToPlugins}
      </Link>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          {showBanner && (
            <div className="aspect-[3/1] w-full overflow-hidden rounded-2xl border border-slate-800 bg-slate-900">
              <img
                src={plugin.bannerImageUrl ?? ''}
                alt=""
                fetchPriority="high"
                className="h-full w-full object-cover"
                onError={() => setBannerFailed(plugin.bannerImageUrl)}
              />
            </div>
          )}
          <header className="space-y-3">
            <div className="flex flex-wrap items-baseline gap-3">
              <h1 className="min-w-0 break-words text-3xl font-bold text-white sm:text-4xl">{plugin.name}</h1>
              <span className="rounded-full bg-slate-800 px-2.5 py-0.5 text-sm font-medium text-sky-300">
                {T.version(plugin.versionString)}
              </span>
            </div>
            {plugin.shortDescription && <p className="text-slate-300">{plugin.shortDescription}</p>}
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-400">
              <span>
                by{' '}
                <Link
                  to={`/members/${encodeURIComponent(plugin.member.displayName)}`}
                  className={cx('font-semibold text-slate-100 hover:text-sky-300', focusRing)}
                >
                  {authorName}
                </Link>
              </span>
              <span>
                {edited ? T.updated : T.created} <Time value={edited ? plugin.updatedAt : plugin.createdAt} />
              </span>
              <span>
                <Count value={plugin.viewCount} className="font-bold text-white" /> {T.views(plugin.viewCount)}
              </span>
              <span>
                <Count value={plugin.downloadCount} className="font-bold text-white" />{' '}
                {T.downloads(plugin.downloadCount)}
              </span>
              <RatingPanel
                average={current.averageRating}
                count={current.ratingCount}
                myStars={rate.isPending ? (rate.variables ?? current.myStars) : current.myStars}
                onRate={onRate}
                busy={rate.isPending}
              />
            </div>
            {plugin.tags.length > 0 && <TagList plugin={plugin} />}
            <div className="flex flex-wrap gap-2 pt-2">
              {installable ? (
                <>
                  <Button size="lg" onClick={install} data-install-link={pluginInstallLink(plugin.id)}>
                    {T.install}
                  </Button>
                  <DownloadMenu onDownload={() => download.mutate()} busy={download.isPending} />
                </>
              ) : (
                <p
                  role="status"
                  className="self-center rounded-md border border-slate-700 px-3 py-2 text-sm text-slate-200"
                >
                  {plugin.needsApproval ? T.awaitingReview : T.noRelease}
                </p>
              )}
              {isOwner && (
                <ButtonLink size="lg" variant="outline" to={`/plugins/${plugin.id}/manage`}>
                  {T.manage}
                </ButtonLink>
              )}
              {canReport && (
                <Button size="lg" variant="ghost" onClick={() => (signedIn ? setReportOpen(true) : setJoinOpen(true))}>
                  {REPORT_TEXT.open}
                </Button>
              )}
            </div>
          </header>

          <Tabs
            tab={tab}
            onTab={setTab}
            tabs={[
              { key: 'details', label: T.details },
              // No count until it is known: not "(0)" while comments load or after they failed.
              { key: 'comments', label: comments.data ? `${T.comments} (${commentCount})` : T.comments },
              { key: 'versions', label: T.versions },
            ]}
          >
            {tab === 'details' &&
              (plugin.description ? (
                <Markdown html={plugin.descriptionHtml} />
              ) : (
                <p className="text-slate-400">{T.noDescription}</p>
              ))}
            {tab === 'comments' && (
              <CommentsSection
                pluginId={plugin.id}
                signedIn={signedIn}
                memberId={auth.member?.id ?? null}
                onJoin={() => setJoinOpen(true)}
              />
            )}
            {tab === 'versions' && <VersionsTable pluginId={plugin.id} />}
          </Tabs>
        </div>

        <aside className="space-y-6">
          <InfoBox plugin={plugin} authorName={authorName} />
          {isAdmin && (
            <section
              aria-labelledby="admin-controls"
              className="rounded-xl border border-amber-500/40 bg-amber-500/5 p-4"
            >
              <h2 id="admin-controls" className="mb-3 font-semibold text-amber-200">
                {T.admin}
              </h2>
              <div className="space-y-4">
                <Switch
                  checked={plugin.skipBuildServer}
                  onChange={(v) => skip.mutate(v)}
                  label={T.skipBuild}
                  description={T.skipBuildHelp}
                  disabled={skip.isPending}
                />
                <Switch
                  checked={plugin.isFeatured}
                  onChange={(v) => feature.mutate(v)}
                  label={T.featured}
                  description={T.featuredHelp}
                  disabled={feature.isPending}
                />
              </div>
            </section>
          )}
        </aside>
      </div>

      <InstallDialog
        open={installOpen}
        link={pluginInstallLink(plugin.id)}
        onRetry={() => launchInstall(plugin.id, onCount)}
        onClose={() => setInstallOpen(false)}
      />
      {signedIn && reportWanted && (
        <Suspense fallback={null}>
          <ReportDialog pluginId={plugin.id} open={reportOpen} onClose={() => setReportOpen(false)} />
        </Suspense>
      )}
      <JoinUsDialog
        open={joinOpen}
        onClose={() => setJoinOpen(false)}
        title={PLUGIN_JOIN_TEXT.title}
        description={PLUGIN_JOIN_TEXT.description}
      />
    </article>
  );
}

function TagList({ plugin }: { plugin: Plugin }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={T.infoTags}>
      {plugin.tags.map((t) => (
        <li key={t.id}>
          <Link
            to={`/plugins?tags=${encodeURIComponent(t.shortName)}`}
            title={t.helpText || t.longName}
            className={cx(
              'inline-flex rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-medium text-sky-300 hover:bg-slate-700',
              focusRing,
            )}
          >
            {t.longName || t.shortName}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The rating summary; hovering or focusing it shows the panel with the average, the count and your stars. */
/**
 * The rating summary button and its panel. One click or tap opens it (hover alone never does);
 * clicks and Enter inside keep it open (choosing a star rates); Escape closes it and puts focus
 * back on the button; a click or tap outside, or Tab out of it, closes it. The panel is nudged to
 * stay inside the viewport on narrow screens.
 */
function RatingPanel({
  average,
  count,
  myStars,
  onRate,
  busy,
}: {
  average: number;
  count: number;
  myStars: number | null;
  onRate: (n: number) => void;
  busy: boolean;
}) {
  const [open, setOpen] = useState(false);
  // Opened by a mouse resting on it (spec: a hover panel): leaving closes it, a click keeps it open.
  const hovered = useRef(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [shift, setShift] = useState(0);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
    };
  }, [open]);

  useLayoutEffect(() => {
    if (!open || !panel.current) {
      setShift(0);
      return;
    }
    // Opened unshifted: move left by what sticks out on the right, never past the left edge.
    const margin = 8;
    const rect = panel.current.getBoundingClientRect();
    // The layout viewport (clientWidth): on phones innerWidth grows when something overflows.
    const viewport = Math.min(window.innerWidth, document.documentElement.clientWidth || window.innerWidth);
    const overRight = rect.right - (viewport - margin);
    setShift(overRight > 0 ? -Math.min(overRight, Math.max(0, rect.left - margin)) : 0);
    // Opened below the fold: scroll just enough to show it whole.
    if (rect.bottom > window.innerHeight) panel.current.scrollIntoView({ block: 'nearest' });
  }, [open]);

  return (
    <div
      ref={wrapper}
      className="relative"
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse' || open) return;
        hovered.current = true;
        setOpen(true);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType !== 'mouse' || !hovered.current) return;
        hovered.current = false;
        setOpen(false);
      }}
      onBlur={(e) => {
        // Only focus moving to another element outside closes it (a star turning busy must not).
        const next = e.relatedTarget as Node | null;
        if (next && !wrapper.current?.contains(next)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.preventDefault();
          e.stopPropagation();
          setOpen(false);
          trigger.current?.focus();
        }
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (hovered.current) hovered.current = false;
          else setOpen((o) => !o);
        }}
        className={cx('inline-flex items-center gap-1.5 rounded-md px-1 text-slate-200', focusRing)}
        data-testid="rating-summary"
      >
        <span aria-hidden="true" className="text-amber-400">
          ★
        </span>
        <span>{average.toFixed(1)}</span>
        <span className="text-slate-400">({count})</span>
        <span className="sr-only">{T.rating}</span>
      </button>
      <div
        ref={panel}
        id={panelId}
        role="group"
        aria-label={T.rating}
        hidden={!open}
        data-testid="rating-panel"
        // Focusable, so a click on its text keeps focus inside rather than moving it to the page (which would close it).
        tabIndex={-1}
        style={shift ? { left: `${shift}px` } : undefined}
        className="absolute left-0 top-full z-30 mt-1 w-64 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-700 bg-slate-900 p-4 shadow-2xl shadow-black/50 focus:outline-none"
      >
        <p className="text-2xl font-bold text-white">{T.ratingAverage(average)}</p>
        <p className="text-sm text-slate-400">{T.ratingCount(count)}</p>
        <StarRating value={average} size="sm" className="mt-1" />
        <p className="mt-3 text-sm font-medium text-slate-200">{T.yourRating}</p>
        <StarRating value={myStars ?? 0} selected={myStars} onRate={onRate} label={T.rateLabel} disabled={busy} />
        {!myStars && <p className="mt-1 text-xs text-slate-400">{T.notRated}</p>}
      </div>
    </div>
  );
}

function DownloadMenu({ onDownload, busy }: { onDownload: () => void; busy: boolean }) {
  const d = useDropdown();
  const menuId = useId();
  return (
    <div ref={d.wrapper} className="relative" onKeyDown={d.onKeyDown}>
      <Button
        ref={d.button}
        size="lg"
        variant="outline"
        aria-haspopup="menu"
        aria-expanded={d.open}
        aria-controls={d.open ? menuId : undefined}
        aria-label={T.moreDownloads}
        onClick={() => d.toggle()}
      >
        <span aria-hidden="true">▾</span>
      </Button>
      {d.open && (
        <div
          id={menuId}
          role="menu"
          className="absolute left-0 z-30 mt-2 w-48 rounded-xl border border-slate-700 bg-slate-900 p-1 shadow-2xl"
        >
          <button
            type="button"
            role="menuitem"
            disabled={busy}
            onClick={() => {
              d.close(true);
              onDownload();
            }}
            className="w-full rounded-md px-3 py-2 text-left text-sm text-slate-100 hover:bg-slate-800 focus:bg-slate-800 focus:outline-none"
          >
            {T.downloadFiles}
          </button>
        </div>
      )}
    </div>
  );
}

/** Tabs with role=tablist; Left/Right/Home/End move between them and select. */
function Tabs<K extends string>({
  tab,
  onTab,
  tabs,
  children,
}: {
  tab: K;
  onTab: (k: K) => void;
  tabs: Array<{ key: K; label: string }>;
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const index = tabs.findIndex((t) => t.key === tab);
  const onKeyDown = (e: KeyboardEvent) => {
    let next = -1;
    if (e.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    e.preventDefault();
    const t = tabs[next];
    if (!t) return;
    onTab(t.key);
    refs.current[next]?.focus();
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label={T.tabs}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-slate-800"
      >
        {tabs.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`${base}-tab-${t.key}`}
            type="button"
            role="tab"
            aria-selected={t.key === tab}
            aria-controls={`${base}-panel`}
            tabIndex={t.key === tab ? 0 : -1}
            onClick={() => onTab(t.key)}
            className={cx(
              '-mb-px whitespace-nowrap border-b-2 px-4 py-2.5 text-sm font-medium',
              focusRing,
              t.key === tab ? 'border-sky-400 text-white' : 'border-transparent text-slate-400 hover:text-slate-200',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        id={`${base}-panel`}
        role="tabpanel"
        aria-labelledby={`${base}-tab-${tab}`}
        tabIndex={0}
        className="pt-6 focus:outline-none"
      >
        {children}
      </div>
    </div>
  );
}

function VersionsTable({ pluginId }: { pluginId: number }) {
  const versions = useQuery(pluginVersionsQuery(pluginId));
  if (versions.isError)
    return (
      <p role="alert" className="text-rose-300">
        {T.versionsFailed}
      </p>
    );
  if (versions.isPending) return <Spinner label="Loading versions" />;
  if (versions.data.length === 0) return <p className="text-slate-400">{T.noVersions}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-800 text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              {T.versionCol}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {T.releasedCol}
            </th>
            <th scope="col" className="py-2 font-medium">
              {T.downloadCol}
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.data.map((v) => (
            <tr key={v.submissionId} className="border-b border-slate-800/60">
              <td className="py-2 pr-4 text-slate-100">{v.versionString ?? `#${v.submissionId}`}</td>
              <td className="py-2 pr-4 text-slate-300">
                <Time value={v.approvedAt ?? v.submittedAt} />
              </td>
              <td className="py-2">
                {v.binaryDownloadUrl ? (
                  <a href={v.binaryDownloadUrl} className={cx('text-sky-300 hover:underline', focusRing)}>
                    {T.download}
                    <span className="sr-only"> {v.versionString ?? ''}</span>
                  </a>
                ) : (
                  <span className="text-slate-400">–</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InfoBox({ plugin, authorName }: { plugin: Plugin; authorName: string }) {
  const row = (label: string, value: ReactNode) => (
    <div className="flex justify-between gap-3 py-2">
      <dt className="text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words text-right text-slate-100">{value}</dd>
    </div>
  );
  const external = (href: string, text: string) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className={cx('text-sky-300 hover:underline', focusRing)}
    >
      {text}
    </a>
  );
  return (
    <section aria-labelledby="plugin-info" className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <h2 id="plugin-info" className="mb-2 font-semibold text-white">
        {T.info}
      </h2>
      <dl className="divide-y divide-slate-800 text-sm">
        {row(T.infoVersion, plugin.versionString ?? T.none)}
        {row(
          T.infoAuthor,
          <Link
            to={`/members/${encodeURIComponent(plugin.member.displayName)}`}
            className={cx('text-sky-300 hover:underline', focusRing)}
          >
            {authorName}
          </Link>,
        )}
        {row(T.infoCreated, <Time value={plugin.createdAt} />)}
        {row(T.infoUpdated, <Time value={plugin.updatedAt} />)}
        {row(T.infoTags, plugin.tags.length ? plugin.tags.map((t) => t.longName || t.shortName).join(', ') : T.none)}
        {row(T.infoHomepage, plugin.homepage ? external(plugin.homepage, T.visitHomepage) : T.none)}
        {row(T.infoSource, plugin.sourceCodeUrl ? external(plugin.sourceCodeUrl, T.viewSource) : T.none)}
      </dl>
    </section>
  );
}
