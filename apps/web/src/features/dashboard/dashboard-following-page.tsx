import type { FollowingResponse } from '@bm/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { followingQueryKey } from '../../components/follow-button';
import { Avatar, Button, Spinner, cx, focusRing } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { toast } from '../../lib/toast';
import { dashboardApi, followingQuery } from './api';
import { useDashboardT } from './dashboard-text';
import { LoadError } from './grids';
import { DashboardLayout } from './layout';

/** /dashboard/following: the plugins and members the member follows, each with Unfollow. */
export function DashboardFollowingPage() {
  const t = useDashboardT();
  useDocumentTitle(t('following.title'));
  const query = useQuery(followingQuery());
  return (
    <DashboardLayout>
      {query.isPending ? (
        <Spinner label={t('following.loading')} />
      ) : query.isError ? (
        <LoadError text={t('following.loadFailed')} onRetry={() => void query.refetch()} />
      ) : (
        <FollowingLists data={query.data} />
      )}
    </DashboardLayout>
  );
}

const rowClass = 'flex items-center gap-3 rounded-xl border border-slate-800 bg-slate-900/60 p-3 sm:p-4';
const nameLink = cx('min-w-0 break-words font-semibold text-white hover:text-sky-300', focusRing);

function FollowingLists({ data }: { data: FollowingResponse }) {
  const t = useDashboardT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const unfollow = async (
    key: string,
    call: () => Promise<unknown>,
    drop: (d: FollowingResponse) => FollowingResponse,
  ) => {
    setBusy(key);
    try {
      await call();
      queryClient.setQueryData<FollowingResponse>(followingQueryKey, (old) => (old ? drop(old) : old));
    } catch {
      toast.error(t('following.unfollowFailed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="followed-plugins" className="min-w-0">
        <h2 id="followed-plugins" className="mb-3 text-lg font-semibold text-white">
          {t('withCount', { label: t('following.pluginsHeading'), n: data.plugins.length })}
        </h2>
        {data.plugins.length === 0 ? (
          <p className="text-sm text-slate-400">{t('following.noPlugins')}</p>
        ) : (
          <ul className="space-y-2" data-testid="followed-plugins">
            {data.plugins.map((p) => (
              <li key={p.id} className={rowClass}>
                <div className="min-w-0 flex-1">
                  <Link to={`/plugin/${p.id}`} className={nameLink}>
                    {p.name}
                  </Link>
                  <p className="truncate text-sm text-slate-400">
                    {p.author}
                    {p.versionString ? ` · v${p.versionString}` : ''} ·{' '}
                    {t('following.followers', { count: p.followerCount })}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t('following.unfollowLabel', { name: p.name })}
                  disabled={busy === `p${p.id}`}
                  onClick={() =>
                    void unfollow(
                      `p${p.id}`,
                      () => dashboardApi.unfollowPlugin(p.id),
                      (d) => ({ ...d, plugins: d.plugins.filter((x) => x.id !== p.id) }),
                    )
                  }
                >
                  {t('following.unfollow')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="followed-members" className="min-w-0">
        <h2 id="followed-members" className="mb-3 text-lg font-semibold text-white">
          {t('withCount', { label: t('following.membersHeading'), n: data.members.length })}
        </h2>
        {data.members.length === 0 ? (
          <p className="text-sm text-slate-400">{t('following.noMembers')}</p>
        ) : (
          <ul className="space-y-2" data-testid="followed-members">
            {data.members.map((m) => (
              <li key={m.id} className={rowClass}>
                <Avatar url={m.avatarUrl} name={m.displayName} />
                <div className="min-w-0 flex-1">
                  <Link to={`/members/${encodeURIComponent(m.displayName)}`} className={nameLink}>
                    {m.displayName}
                  </Link>
                  <p className="text-sm text-slate-400">{t('following.followers', { count: m.followerCount })}</p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t('following.unfollowLabel', { name: m.displayName })}
                  disabled={busy === `m${m.id}`}
                  onClick={() =>
                    void unfollow(
                      `m${m.id}`,
                      () => dashboardApi.unfollowMember(m.displayName),
                      (d) => ({ ...d, members: d.members.filter((x) => x.id !== m.id) }),
                    )
                  }
                >
                  {t('following.unfollow')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
