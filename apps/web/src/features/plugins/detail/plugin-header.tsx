import { pluginInstallLink, type Plugin, type PluginDetail } from '@bm/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FollowButton } from '../../../components/follow-button';
import { Button, ButtonLink, Count, Time, cx, focusRing } from '../../../components/ui';
import { changedSinceCreated } from '../../../lib/format';
import { pluginKeys, pluginsApi } from '../api';
import { AddToCollectionButton } from '../../collections';
import { usePluginDetailT } from './detail-text';
import { DownloadMenu, usePluginDownload } from './download-menu';
import { RatingSummary } from './rating-panel';

/** The top of a plugin page: name, version, author, counts, rating, tags and the actions. */
export function PluginHeader({
  plugin,
  authorName,
  signedIn,
  isOwner,
  installable,
  onInstall,
  onCount,
  onJoin,
  onReport,
}: {
  plugin: PluginDetail;
  authorName: string;
  signedIn: boolean;
  isOwner: boolean;
  installable: boolean;
  onInstall: () => void;
  onCount: (downloadCount: number) => void;
  onJoin: (then?: () => void) => void;
  onReport: () => void;
}) {
  const t = usePluginDetailT();
  const download = usePluginDownload(plugin.id, onCount);
  const edited = changedSinceCreated(plugin.createdAt, plugin.updatedAt);
  // Anyone but the owner may report; anonymous visitors are asked to join first.
  const canReport = !isOwner;
  const queryClient = useQueryClient();
  return (
    <header className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="min-w-0 break-words text-3xl font-bold text-white sm:text-4xl">{plugin.name}</h1>
        <span className="rounded-full bg-slate-800 px-2.5 py-0.5 text-sm font-medium text-sky-300">
          {plugin.versionString ? t('detail.version', { version: plugin.versionString }) : t('detail.noReleaseYet')}
        </span>
      </div>
      {plugin.shortDescription && <p className="text-slate-300">{plugin.shortDescription}</p>}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-400">
        <span>
          {t('detail.by')}{' '}
          <Link
            to={`/members/${encodeURIComponent(plugin.member.displayName)}`}
            className={cx('font-semibold text-slate-100 hover:text-sky-300', focusRing)}
          >
            {authorName}
          </Link>
        </span>
        <span>
          {edited ? t('detail.updated') : t('detail.created')}{' '}
          <Time value={edited ? plugin.updatedAt : plugin.createdAt} />
        </span>
        <span>
          <Count value={plugin.viewCount} className="font-bold text-white" />{' '}
          {t('detail.views', { count: plugin.viewCount })}
        </span>
        <span>
          <Count value={plugin.downloadCount} className="font-bold text-white" />{' '}
          {t('detail.downloads', { count: plugin.downloadCount })}
        </span>
        {isOwner && (
          <span data-testid="owner-follower-count">
            <Count value={plugin.followerCount} className="font-bold text-white" />{' '}
            {t('detail.followers', { count: plugin.followerCount })}
          </span>
        )}
        <RatingSummary plugin={plugin} signedIn={signedIn} onJoin={onJoin} />
      </div>
      {plugin.tags.length > 0 && <TagList plugin={plugin} />}
      <div className="flex flex-wrap gap-2 pt-2">
        {installable ? (
          <>
            <Button size="lg" onClick={onInstall} data-install-link={pluginInstallLink(plugin.id)}>
              {t('detail.install')}
            </Button>
            <DownloadMenu onDownload={() => download.mutate()} busy={download.isPending} />
          </>
        ) : (
          <p role="status" className="self-center rounded-md border border-slate-700 px-3 py-2 text-sm text-slate-200">
            {plugin.needsApproval ? t('detail.awaitingReview') : t('detail.noRelease')}
          </p>
        )}
        {!isOwner && plugin.publishedOnce && (
          <FollowButton
            name={plugin.name}
            isFollowing={plugin.isFollowing}
            followerCount={plugin.followerCount}
            signedIn={signedIn}
            send={(follow) => pluginsApi.setFollow(plugin.id, follow)}
            onChange={(state) =>
              queryClient.setQueryData<PluginDetail>(pluginKeys.detail(plugin.id), (old) =>
                old ? { ...old, ...state } : old,
              )
            }
          />
        )}
        {plugin.publishedOnce && <AddToCollectionButton kind="plugin" id={plugin.id} name={plugin.name} />}
        {isOwner && (
          <ButtonLink size="lg" variant="outline" to={`/plugins/${plugin.id}/manage`}>
            {t('detail.manage')}
          </ButtonLink>
        )}
        {canReport && (
          <Button size="lg" variant="ghost" onClick={() => (signedIn ? onReport() : onJoin(onReport))}>
            {t('report.open')}
          </Button>
        )}
      </div>
    </header>
  );
}

function TagList({ plugin }: { plugin: Plugin }) {
  const t = usePluginDetailT();
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('info.tags')}>
      {plugin.tags.map((tag) => (
        <li key={tag.id}>
          <Link
            to={`/plugins?tags=${encodeURIComponent(tag.shortName)}`}
            title={tag.helpText || tag.longName}
            className={cx(
              'inline-flex rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-medium text-sky-300 hover:bg-slate-700',
              focusRing,
            )}
          >
            {tag.longName || tag.shortName}
          </Link>
        </li>
      ))}
    </ul>
  );
}
