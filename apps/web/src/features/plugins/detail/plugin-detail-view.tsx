import { pluginInstallLink, type PluginDetail } from '@bm/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { JoinUsDialog, useJoinPrompt } from '../../../components/join-us-dialog';
import { Markdown } from '../../../components/markdown';
import { Spinner } from '../../../components/ui';
import { SupportLink } from '../../../components/support-link';

import { useAuth, useIsAdmin, statusOf } from '../../../lib/auth';
import { DetailBanner } from '../../item-detail';
import { pluginCommentsQuery } from '../api';
import { CompatibilityBadge } from '../compatibility/compatibility-badge';
import { CompatibilityPanel } from '../compatibility/compatibility-panel';
import { AbilitiesBox } from './abilities-box';
import { usePluginDetailT } from './detail-text';
import { useLiveComments } from './comment-cache';
import { useCountPluginView } from './counters';
import { InfoBox } from './info-box';
import { PluginHeader } from './plugin-header';
import { Tabs } from './tabs';
import { usePluginInstall } from './use-plugin-install';
import { DetailArticle } from '../../../components/back-link';

// The report form (and zod, which checks it) loads when a member first opens it, not with the page;
// the Comments and Versions tabs when first shown (the page opens on Details).
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));
const CommentsSection = lazy(() => import('./comments').then((m) => ({ default: m.CommentsSection })));
// The install helper (with the plugins to install first) when an install first opens it.
const InstallDialog = lazy(() => import('./install-dialog').then((m) => ({ default: m.InstallDialog })));
// Only administrators see these controls: their script loads for them alone.
const AdminControls = lazy(() => import('./admin-controls').then((m) => ({ default: m.AdminControls })));
const VersionsTable = lazy(() => import('./versions-table').then((m) => ({ default: m.VersionsTable })));

type TabKey = 'details' | 'comments' | 'versions';

/** A plugin's page once the plugin is there: banner, header, tabs, the side boxes and the dialogs. */
export function PluginDetailView({ plugin }: { plugin: PluginDetail }) {
  const t = usePluginDetailT();
  const auth = useAuth();
  const signedIn = statusOf(auth) === 'authenticated';
  const isAdmin = useIsAdmin();
  const { joinOpen, closeJoin, askToJoin } = useJoinPrompt();
  const [reportOpen, setReportOpen] = useState(false);
  // Mounted from its first opening on, so closing keeps the dialog's own behaviour.
  const [reportWanted, setReportWanted] = useState(false);
  if (reportOpen && !reportWanted) setReportWanted(true);
  const isOwner = signedIn && auth.member?.id === plugin.member.id;
  const [tab, setTab] = useState<TabKey>('details');
  const comments = useQuery(pluginCommentsQuery(plugin.id));

  useCountPluginView(plugin.id);
  useLiveComments(plugin.id);
  const install = usePluginInstall(plugin);
  // Mounted from its first opening on, so closing keeps the dialog's own behaviour.
  const [installWanted, setInstallWanted] = useState(false);
  if (install.open && !installWanted) setInstallWanted(true);

  const authorName = plugin.member?.displayName || plugin.author;
  const commentCount = `${comments.data?.items.length ?? 0}${comments.data?.hasMore ? '+' : ''}`;

  return (
    <DetailArticle backTo="/plugins" backText={t('detail.backToPlugins')} className="max-w-7xl">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <DetailBanner url={plugin.bannerImageUrl} className="aspect-[3/1]" />
          <PluginHeader
            plugin={plugin}
            authorName={authorName}
            signedIn={signedIn}
            isOwner={isOwner}
            installable={install.installable}
            onInstall={install.install}
            onCount={install.onCount}
            onJoin={askToJoin}
            onReport={() => setReportOpen(true)}
          />
          <CompatibilityBadge compatibility={plugin.compatibility} className="text-sm" />

          <Tabs
            tab={tab}
            onTab={setTab}
            tabs={[
              { key: 'details', label: t('detail.details') },
              // No count until it is known: not "(0)" while comments load or after they failed.
              {
                key: 'comments',
                label: comments.data ? t('detail.commentsCount', { number: commentCount }) : t('detail.comments'),
              },
              { key: 'versions', label: t('detail.versions') },
            ]}
          >
            {tab === 'details' &&
              (plugin.description ? (
                <Markdown html={plugin.descriptionHtml} />
              ) : (
                <p className="text-slate-400">{t('detail.noDescription')}</p>
              ))}
            <Suspense fallback={<Spinner label={tab === 'comments' ? t('comments.loading') : t('versions.loading')} />}>
              {tab === 'comments' && (
                <CommentsSection
                  pluginId={plugin.id}
                  signedIn={signedIn}
                  memberId={auth.member?.id ?? null}
                  onJoin={askToJoin}
                />
              )}
              {tab === 'versions' && <VersionsTable pluginId={plugin.id} />}
            </Suspense>
          </Tabs>
        </div>

        <aside className="space-y-6">
          <CompatibilityPanel plugin={plugin} signedIn={signedIn} isOwner={isOwner} />
          <InfoBox plugin={plugin} authorName={authorName} />
          <SupportLink url={plugin.supportUrl} author={authorName} className="w-full justify-center" />
          {plugin.abilities && <AbilitiesBox abilities={plugin.abilities} />}
          {isAdmin && (
            <Suspense fallback={null}>
              <AdminControls plugin={plugin} />
            </Suspense>
          )}
        </aside>
      </div>

      {installWanted && (
        <Suspense fallback={null}>
          <InstallDialog
            open={install.open}
            link={pluginInstallLink(plugin.id)}
            requires={plugin.requires}
            onRetry={install.retry}
            onClose={install.close}
          />
        </Suspense>
      )}
      {signedIn && reportWanted && (
        <Suspense fallback={null}>
          <ReportDialog pluginId={plugin.id} open={reportOpen} onClose={() => setReportOpen(false)} />
        </Suspense>
      )}
      <JoinUsDialog open={joinOpen} onClose={closeJoin} title={t('join.title')} description={t('join.description')} />
    </DetailArticle>
  );
}
