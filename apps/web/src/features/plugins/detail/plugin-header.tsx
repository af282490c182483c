import { pluginInstallLink, type Plugin, type PluginDetail } from '@bm/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FollowButton } from '../../../components/follow-button';
import { Button, ButtonLink, Count, Time, cx, focusRing } from '../../../components/ui';
import { changedSinceCreated } from '../../../lib/format';
import { pluginKeys, pluginsApi } from '../api';
import { PLUGIN_DETAIL_TEXT as T, REPORT_TEXT } from '../constants';
import { AddToCollectionButton } from '../../collections';
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
  onJoin: () => void;
  onReport: () => void;
}) {
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
          <Count value={plugin.downloadCount} className="font-bold text-white" /> {T.downloads(plugin.downloadCount)}
        </span>
        {isOwner && (
          <span data-testid="owner-follower-count">
            <Count value={plugin.followerCount} className="font-bold text-white" /> {T.followers(plugin.followerCount)}
          </span>
        )}
        <RatingSummary plugin={plugin} signedIn={signedIn} onJoin={onJoin} />
      </div>
      {plugin.tags.length > 0 && <TagList plugin={plugin} />}
      <div className="flex flex-wrap gap-2 pt-2">
        {installable ? (
          <>
            <Button size="lg" onClick={onInstall} data-install-link={pluginInstallLink(plugin.id)}>
              {T.install}
            </Button>
            <DownloadMenu onDownload={() => download.mutate()} busy={download.isPending} />
          </>
        ) : (
          <p role="status" className="self-center rounded-md border border-slate-700 px-3 py-2 text-sm text-slate-200">
            {plugin.needsApproval ? T.awaitingReview : T.noRelease}
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
            {T.manage}
          </ButtonLink>
        )}
        {canReport && (
          <Button size="lg" variant="ghost" onClick={() => (signedIn ? onReport() : onJoin())}>
            {REPORT_TEXT.open}
          </Button>
        )}
      </div>
    </header>
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
