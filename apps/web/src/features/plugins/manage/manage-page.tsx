import { pluginDisplayStatus, type Plugin, type PluginDisplayStatus } from '@bm/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Alert, ButtonLink, PageLoader, cx, focusRing } from '../../../components/ui';
import { useDocumentTitle } from '../../../components/use-document-title';
import { isApiError } from '../../../lib/api';
import { routeId } from '../../../lib/redirect';
import { myPluginQuery } from './api';
import { DangerZone } from './danger-zone';
import { DetailsSection } from './details-section';
import { PinButton } from './pin-button';
import { DebugFilesSection, SubmissionsSection } from './submissions-section';
import { TagsSection, VisibilitySection } from './settings-sections';
import { BannerSection, SourceSection } from './upload-sections';
import { DeclarationSection } from '../compatibility/declaration-section';
import { useCommonT } from '../../../lib/i18n/common';
import { usePluginsT } from '../plugins-text';
import { usePluginManageT } from './manage-text';

/** The sections' menu: anchor and the key of its title. */
const NAV = [
  ['details', 'details'],
  ['tags', 'tags'],
  ['visibility', 'visibility'],
  ['banner', 'banner'],
  ['source', 'source'],
  ['game-versions', null],
  ['submissions', 'submissions'],
  ['debug-files', 'debugFiles'],
  ['danger', 'danger'],
] as const;

const DISPLAY_STATUS = {
  Published: 'displayStatus.Published',
  Pending: 'displayStatus.Pending',
  Draft: 'displayStatus.Draft',
} as const satisfies Record<PluginDisplayStatus, string>;

function Badge({ children, tone }: { children: string; tone: 'green' | 'amber' | 'slate' }) {
  const tones = {
    green: 'bg-emerald-500/15 text-emerald-300',
    amber: 'bg-amber-500/15 text-amber-200',
    slate: 'bg-slate-700 text-slate-200',
  };
  return <span className={cx('rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone])}>{children}</span>;
}

/** Pending / Published / Draft, then the Listed/Unlisted and Visible/Hidden flags. */
export function PluginStatusLine({ plugin }: { plugin: Plugin }) {
  const t = usePluginManageT();
  const tc = useCommonT();
  const status = pluginDisplayStatus(plugin);
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label={t('status')} role="group">
      <span className="text-sm text-slate-400">{tc('colon', { label: t('status') })}</span>
      <Badge tone={status === 'Published' ? 'green' : status === 'Pending' ? 'amber' : 'slate'}>
        {t(DISPLAY_STATUS[status])}
      </Badge>
      <Badge tone={plugin.isListed ? 'green' : 'slate'}>{plugin.isListed ? t('listed') : t('unlisted')}</Badge>
      <Badge tone={plugin.isPubliclyVisible ? 'green' : 'slate'}>
        {plugin.isPubliclyVisible ? t('visible') : t('hidden')}
      </Badge>
    </div>
  );
}

/** /plugins/{id}/manage (signed in; only the owner's plugin loads, anything else is 'Plugin not found'). */
export function PluginManagePage() {
  const t = usePluginManageT();
  const tp = usePluginsT();
  const id = routeId(useParams().id);
  const query = useQuery({ ...myPluginQuery(id ?? 0), enabled: id !== null, retry: false });
  const plugin = query.data;
  useDocumentTitle(plugin ? `${t('title')}: ${plugin.name}` : t('title'));

  if (id === null || (query.isError && isApiError(query.error) && [403, 404].includes(query.error.status))) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <Alert variant="error">{t('notFound')}</Alert>
        <ButtonLink to="/dashboard" variant="outline" className="mt-4">
          {t('backToDashboard')}
        </ButtonLink>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <Alert variant="error">{t('loadFailed')}</Alert>
      </div>
    );
  }
  if (!plugin) return <PageLoader label={t('loading')} />;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <header className="mb-6 space-y-3">
        <Link to="/dashboard" className={cx('text-sm text-slate-400 hover:text-white', focusRing)}>
          ← {t('backToDashboard')}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm font-medium text-sky-400">{t('title')}</p>
            <h1 className="truncate text-3xl font-bold text-white">{plugin.name}</h1>
          </div>
          <div className="flex flex-wrap gap-2">
            <PinButton plugin={plugin} />
            <ButtonLink to={`/plugin/${plugin.id}`} variant="secondary" size="sm">
              {t('viewPublic')}
            </ButtonLink>
          </div>
        </div>
        <PluginStatusLine plugin={plugin} />
      </header>

      <div className="grid gap-6 lg:grid-cols-[12rem_1fr]">
        <nav aria-label={t('sections')} className="hidden lg:block">
          <ul className="sticky top-24 space-y-1 text-sm">
            {NAV.map(([anchor, key]) => (
              <li key={anchor}>
                <a
                  href={`#${anchor}`}
                  className={cx(
                    'block rounded-md px-3 py-1.5 text-slate-300 hover:bg-slate-800 hover:text-white',
                    focusRing,
                  )}
                >
                  {key ? t(key) : tp('compatibility.declareTitle')}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 space-y-6">
          <DetailsSection key={`details-${plugin.id}`} plugin={plugin} />
          <TagsSection key={`tags-${plugin.id}`} plugin={plugin} />
          <VisibilitySection plugin={plugin} />
          <BannerSection plugin={plugin} />
          <SourceSection plugin={plugin} />
          <DeclarationSection plugin={plugin} />
          <SubmissionsSection pluginId={plugin.id} />
          <DebugFilesSection pluginId={plugin.id} />
          <DangerZone plugin={plugin} />
        </div>
      </div>
    </div>
  );
}
