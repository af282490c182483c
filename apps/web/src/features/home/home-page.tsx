import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { SearchInput } from '../../components/search-input';
import { Alert, Button, ButtonLink, cx, focusRing } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { useAuthStatus } from '../../lib/auth';
import { BAKKESMOD_URL } from '../../lib/links';
import { SITE_NAME } from '../../lib/site';
import { PluginCard, type PluginCardData } from '../plugins';
import { featuredPluginsQuery, recentPluginsQuery } from './api';
import { HOME_CATEGORIES, HOME_RECENT_COUNT } from './constants';
import { useHomeT } from './home-text';

/** The hero's plugin search: a trimmed, non-empty text goes to /plugins?search=... */
function HeroSearch() {
  const t = useHomeT();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    void navigate(`/plugins?${new URLSearchParams({ search: q }).toString()}`);
  };
  return (
    <form
      role="search"
      aria-label={t('searchLabel')}
      onSubmit={submit}
      className="mx-auto mt-8 flex w-full max-w-xl gap-2"
    >
      <SearchInput
        label={t('searchLabel')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('searchPlaceholder')}
        autoComplete="off"
        className="h-12 min-w-0 flex-1 text-base"
      />
      <Button type="submit" size="lg">
        {t('search')}
      </Button>
    </form>
  );
}

function Hero() {
  const t = useHomeT();
  const status = useAuthStatus();
  return (
    <section
      aria-labelledby="home-title"
      className="border-b border-slate-800 bg-gradient-to-b from-sky-950/60 to-slate-950 px-4 py-14 text-center sm:py-20"
    >
      <p className="text-sm font-semibold uppercase tracking-widest text-sky-400">{SITE_NAME}</p>
      <h1 id="home-title" className="mx-auto mt-3 max-w-3xl text-3xl font-extrabold text-white sm:text-5xl">
        {t('heroTitle')}
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-base text-slate-300 sm:text-lg">{t('heroIntro')}</p>
      <HeroSearch />
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/plugins" size="lg">
          {t('browsePlugins')}
        </ButtonLink>
        {status === 'authenticated' ? (
          <ButtonLink to="/dashboard" variant="outline" size="lg">
            {t('myDashboard')}
          </ButtonLink>
        ) : status === 'anonymous' ? (
          <ButtonLink to="/register" variant="outline" size="lg">
            {t('joinCommunity')}
          </ButtonLink>
        ) : null}
      </div>
    </section>
  );
}

function InstallBanner() {
  const t = useHomeT();
  return (
    <section
      aria-labelledby="home-install"
      className="flex flex-col items-start gap-4 rounded-2xl border border-sky-500/30 bg-sky-500/10 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="home-install" className="text-lg font-bold text-white">
          {t('installTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-300">{t('installText')}</p>
      </div>
      <a
        href={BAKKESMOD_URL}
        target="_blank"
        rel="noopener noreferrer"
        className={cx(
          'inline-flex h-10 shrink-0 items-center gap-2 rounded-lg bg-sky-500 px-4 text-sm font-semibold text-slate-950 hover:bg-sky-400',
          focusRing,
        )}
      >
        {t('getBakkesMod')}
        <span aria-hidden="true">↗</span>
        <span className="sr-only">{t('newTab')}</span>
      </a>
    </section>
  );
}

function Categories() {
  const t = useHomeT();
  return (
    <section aria-labelledby="home-categories">
      <h2 id="home-categories" className="sr-only">
        {t('categoriesTitle')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {HOME_CATEGORIES.map((c) => (
          <li key={c.to}>
            <Link
              to={c.to}
              className={cx(
                'flex h-full flex-col gap-2 rounded-xl border border-slate-800 bg-slate-900/70 p-5 transition-colors hover:border-sky-500/60 hover:bg-slate-900',
                focusRing,
              )}
            >
              <svg
                viewBox="0 0 20 20"
                className="h-7 w-7 text-sky-400"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                aria-hidden="true"
              >
                <path d={c.icon} strokeLinejoin="round" />
              </svg>
              <span className="text-lg font-semibold text-white">{t(c.title)}</span>
              <span className="text-sm text-slate-400">{t(c.description)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Placeholder cards the size of the real ones while the lists load. */
function SkeletonGrid({ count, className }: { count: number; className: string }) {
  return (
    <ul aria-hidden="true" className={className}>
      {Array.from({ length: count }, (_, i) => (
        <li
          key={i}
          className="overflow-hidden rounded-xl border border-slate-800 bg-slate-900/70"
          data-testid="home-skeleton"
        >
          <div className="aspect-video animate-pulse bg-slate-800" />
          <div className="flex flex-col gap-2 p-4">
            <div className="h-5 w-2/3 animate-pulse rounded bg-slate-800" />
            <div className="h-4 w-1/3 animate-pulse rounded bg-slate-800" />
            <div className="h-4 w-full animate-pulse rounded bg-slate-800" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-slate-800" />
          </div>
        </li>
      ))}
    </ul>
  );
}

const FEATURED_GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4';
const RECENT_GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

function PluginGrid({
  plugins,
  label,
  className,
}: {
  plugins: readonly PluginCardData[];
  label: string;
  className: string;
}) {
  return (
    <ul aria-label={label} className={className}>
      {plugins.map((p) => (
        <li key={p.id}>
          <PluginCard plugin={p} />
        </li>
      ))}
    </ul>
  );
}

function SectionHeading({ id, title, viewAll }: { id: string; title: string; viewAll?: boolean }) {
  const t = useHomeT();
  return (
    <div className="mb-4 flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold text-white">
        {title}
      </h2>
      {viewAll && (
        <Link
          to="/plugins"
          aria-label={t('viewAllLabel')}
          className={cx('rounded text-sm font-semibold text-sky-400 hover:text-sky-300', focusRing)}
        >
          {t('viewAll')} <span aria-hidden="true">→</span>
        </Link>
      )}
    </div>
  );
}

/** The parts that need the server: the featured strip and the recent plugins, with one loading and one error state. */
function PluginSections() {
  const t = useHomeT();
  const recent = useQuery(recentPluginsQuery());
  const featured = useQuery(featuredPluginsQuery());

  if (recent.isError || featured.isError) {
    return (
      <div className="flex flex-col items-center gap-4 py-10 text-center">
        <Alert variant="error">{t('error')}</Alert>
        <Button
          variant="outline"
          onClick={() => {
            if (recent.isError) void recent.refetch();
            if (featured.isError) void featured.refetch();
          }}
        >
          {t('retry')}
        </Button>
      </div>
    );
  }

  if (!recent.data || !featured.data) {
    return (
      <div aria-busy="true" className="flex flex-col gap-12">
        <p role="status" className="sr-only">
          {t('loading')}
        </p>
        <div>
          <div aria-hidden="true" className="mb-4 h-8 w-56 animate-pulse rounded bg-slate-800" />
          <SkeletonGrid count={4} className={FEATURED_GRID} />
        </div>
        <div>
          <div aria-hidden="true" className="mb-4 h-8 w-48 animate-pulse rounded bg-slate-800" />
          <SkeletonGrid count={HOME_RECENT_COUNT} className={RECENT_GRID} />
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-12">
      {featured.data.items.length > 0 && (
        <section aria-labelledby="home-featured">
          <SectionHeading id="home-featured" title={t('featuredTitle')} />
          <PluginGrid plugins={featured.data.items} label={t('featuredTitle')} className={FEATURED_GRID} />
        </section>
      )}
      <section aria-labelledby="home-recent">
        <SectionHeading id="home-recent" title={t('recentTitle')} viewAll />
        {recent.data.items.length > 0 ? (
          <PluginGrid
            plugins={recent.data.items.slice(0, HOME_RECENT_COUNT)}
            label={t('recentTitle')}
            className={RECENT_GRID}
          />
        ) : (
          <p className="text-slate-400">{t('noPlugins')}</p>
        )}
      </section>
    </div>
  );
}

/** / (§2 Home): hero with a plugin search, install banner, category tiles, featured and recent plugins. */
export function HomePage() {
  useDocumentTitle(SITE_NAME);
  return (
    <div>
      <Hero />
      <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-10">
        <InstallBanner />
        <Categories />
        <PluginSections />
      </div>
    </div>
  );
}
